// Placeholder so the route table compiles; the public-site engineer owns this file and replaces it
// (keep the named export `TechstackPage`).
export function TechstackPage() {
  return <main className="p-8 text-muted-foreground">Technology catalogue</main>;
}

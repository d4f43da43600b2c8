// Placeholder so the route table compiles; the public-site engineer owns this file and replaces it
// (keep the named export `LandingPage`).
export function LandingPage() {
  return <main className="p-8 text-muted-foreground">Landing page</main>;
}

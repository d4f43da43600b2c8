export function SignInPage() {
  return <div />;
}

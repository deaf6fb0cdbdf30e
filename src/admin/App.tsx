/**
 * The admin island's root. This is the shell the back-office screens (sign-in, users,
 * contacts, posts) mount into; each arrives with its own issue.
 */
export default function App({ brand }: { brand: string }) {
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <a href="/" className="admin-brand">
          {brand}
        </a>
      </header>
      <main id="main" className="admin-main">
        <h1>Back-office</h1>
        <p>Staff sign-in for {brand}.</p>
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark.tsx';

/** The signed-out screens (sign-in and its steps, a password reset, an email confirmation): the brand over one card. */
export function AuthLayout({ brand, children }: { brand: string; children: ReactNode }) {
  return (
    <main id="main" className="bo-auth bo-app">
      <div className="bo-auth-frame">
        <div className="bo-auth-brand">
          <BrandMark brand={brand} />
        </div>
        <div className="bo-auth-card">{children}</div>
        <p className="bo-auth-note">The back-office of {brand}, for its staff only.</p>
      </div>
    </main>
  );
}

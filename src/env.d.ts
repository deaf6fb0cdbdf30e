/// <reference types="astro/client" />

declare global {
  interface ImportMetaEnv {
    /** The API base the browser calls; see src/lib/api-base.ts. */
    readonly PUBLIC_API_BASE?: string;
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Load the island when the callback modal is asked for (query string or a data-callback-open control). */
    'client:callback'?: boolean;
    /** Load the island on the visitor's first pointer, touch or focus inside it; or at once when the address has one of the parameters named. */
    'client:interaction'?: boolean | string[];
  }
}

export {};

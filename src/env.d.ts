/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Load the island when the callback modal is asked for (query string or a data-callback-open control). */
    'client:callback'?: boolean;
    /** Load the island on the visitor's first pointer, touch or focus inside it. */
    'client:interaction'?: boolean;
  }
}

export {};

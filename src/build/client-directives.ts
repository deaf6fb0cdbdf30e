import type { AstroIntegration } from 'astro';

/** Registers the project's own client directives (src/islands/directives). */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'callback', entrypoint: './src/islands/directives/callback.ts' });
        addClientDirective({ name: 'interaction', entrypoint: './src/islands/directives/interaction.ts' });
      },
    },
  };
}

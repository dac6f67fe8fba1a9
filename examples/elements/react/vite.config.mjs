// JSX with Vite's own transform (no React plugin needed for a build).
import { defineConfig } from 'vite';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
});

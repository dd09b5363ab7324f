// Builds the widget into dist/widget, which the server serves (issue 4 fills in the entries).
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

export default defineConfig({
  plugins: [preact()],
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: { loader: 'widget/loader.ts' },
      output: { entryFileNames: '[name]-[hash].js', chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
});

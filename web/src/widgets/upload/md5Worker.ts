/**
 * Starts the MD5 worker. Alone in its module because `import.meta.url` is Vite's (jest maps
 * this module to src/test/md5Worker.cjs, which runs the same job in the test's thread).
 */
export function createMd5Worker(): Worker {
  return new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
}

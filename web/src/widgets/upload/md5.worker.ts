/// <reference lib="webworker" />
/**
 * The MD5 worker: the rules core (WASM, through vite-plugin-wasm in `worker.plugins`) hashes
 * the file posted to it off the page's thread. One file per worker; the page terminates it to
 * cancel. The core is imported on the first message: a static import would make this module
 * wait for the WASM (top-level await) before it listens, and Chromium delivers a message posted
 * meanwhile to no one.
 */
import { hashFile } from './md5Job';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<{ file: Blob }>) => {
  void import('@qiming/core').then(
    (core) => hashFile(event.data.file, core, (reply) => scope.postMessage(reply)),
    () => scope.postMessage({ type: 'error' }),
  );
};

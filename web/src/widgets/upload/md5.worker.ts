/// <reference lib="webworker" />
/**
 * The MD5 worker: the rules core (WASM, through vite-plugin-wasm in `worker.plugins`) hashes
 * the file posted to it off the page's thread. One file per worker; the page terminates it to
 * cancel.
 */
import * as core from '@qiming/core';
import { hashFile } from './md5Job';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<{ file: Blob }>) => {
  void hashFile(event.data.file, core, (reply) => scope.postMessage(reply));
};

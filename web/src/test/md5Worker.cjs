// jest's stand-in for src/widgets/upload/md5Worker.ts (jsdom has no Worker, and ts-jest cannot
// compile import.meta): a worker-shaped object running the same job (md5Job.ts) with the real
// WASM core (the nodejs build) in the test's thread, its messages delivered asynchronously.
const core = require('@qiming/core-node');
const { hashFile } = require('../widgets/upload/md5Job');

function createMd5Worker() {
  const worker = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage(data) {
      void hashFile(data.file, core, (reply) => {
        setTimeout(() => {
          if (!worker.terminated) worker.onmessage?.({ data: reply });
        }, 0);
      });
    },
    terminate() {
      worker.terminated = true;
    },
  };
  createMd5Worker.created.push(worker);
  return worker;
}
createMd5Worker.created = [];

module.exports = { createMd5Worker };

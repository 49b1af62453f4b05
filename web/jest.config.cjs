/** jest: unit tests beside the code, and the core vectors through the nodejs WASM build. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { jsx: 'react-jsx', module: 'commonjs', esModuleInterop: true, isolatedModules: true } }],
  },
  moduleNameMapper: {
    '\\.(css|less)$': '<rootDir>/src/test/styleStub.cjs',
    // The rules core: the app depends on @qiming/core, the bundler build of core-wasm (wasm-pack);
    // jest runs the nodejs build of the same crate, @qiming/core-node (both `make wasm`).
    '^@qiming/core$': '@qiming/core-node',
    // Pages from their folders: Vite's import.meta.glob there, a scan of the same folders here.
    '^@/pages/pageModules$': '<rootDir>/src/test/pageModules.cjs',
    // The MD5 worker: Vite's `new Worker(new URL(…, import.meta.url))` there, the same job in
    // the test's thread here.
    '^\\./md5Worker$': '<rootDir>/src/test/md5Worker.cjs',
    // Quill ships ES modules only; the editor widget runs on a stand-in here (src/test/quillStub.cjs).
    '^quill$': '<rootDir>/src/test/quillStub.cjs',
    '^@/(.*)$': '<rootDir>/src/$1',
    // antd-img-crop's CommonJS build requires antd's ES modules; jest takes antd's CommonJS build.
    '^antd/es/(.*)$': 'antd/lib/$1',
    // @ant-design/icons' CommonJS build reaches into the ES build of its colours.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
  // Build-time constants that vite defines (src/config.ts).
  globals: { __DATAV_URL__: 'https://datav.example', __REQUEST_TIMEOUT__: 0 },
  setupFiles: ['<rootDir>/src/test/setup.ts'],
  // antd forms in jsdom, checked through WASM, are slow on a busy 2-core machine: the timeout
  // only guards against a hang, so it is generous (jest's 5 s failed tests under load).
  testTimeout: 60_000,
};

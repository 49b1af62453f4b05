/** 数据字典: pages/systemData/dictionary serves the menu address systemData/dictionary (registry.ts; DICT-001). */
export { default } from './DictionaryPage';

/** 功能预览 (/previewModel?id=…, ROUTE-003): pages/previewModel serves the fixed route (AppMain). */
export { default } from './PreviewModel';

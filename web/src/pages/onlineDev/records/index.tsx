/** A released model's records (/onlineDev/records?id=…): pages/onlineDev/records serves the fixed route (AppMain). */
export { default } from './RecordsPage';

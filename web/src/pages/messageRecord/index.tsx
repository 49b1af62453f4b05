/** 消息记录: pages/messageRecord serves the menu address messageRecord (registry.ts; MSG-001). */
export { default } from './MessageRecordPage';

/**
 * /api/message: in-site messages, notices and the chat's REST calls (spec 02 §7.7; MSG-018..023,
 * CHAT-022; jnpf-wire.md "Messages"). The live half is the WebSocket (stores/socket.ts).
 */
import type { components, operations } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type MessageRow = Schemas['MessageRow'];
export type MessageInfo = Schemas['MessageInfo'];
export type NoticeRow = Schemas['NoticeRow'];
export type NoticeInfo = Schemas['NoticeInfo'];
export type NoticeForm = Schemas['NoticeForm'];
export type Conversation = Schemas['Conversation'];
export type SendConfig = Schemas['SendConfig'];
export type ImContact = Schemas['ImContact'];

/** MSG-018: the list's query (type '' every type; isRead '0' unread, '1' read, '' both). */
export type MessageQuery = Required<NonNullable<operations['getMessage']['parameters']['query']>>;
/** MSG-019: the filter ReadAll applies to. */
export type MessageFilter = Pick<MessageQuery, 'keyword' | 'type' | 'isRead'>;


export function getMessageList(query: MessageQuery) {
  return api.GET('/api/message', { params: { query } });
}

/** MSG-020: a message opened (the server marks it read). */
export function readMessage(id: string) {
  return api.GET('/api/message/ReadInfo/{id}', { params: { path: { id } } });
}

/** MSG-019: every message matching the filter becomes read. */
export function readAllMessages(filter: MessageFilter) {
  return api.POST('/api/message/Actions/ReadAll', { body: filter });
}

/** MSG-021: deletes the caller's copies. */
export function deleteMessageRecords(ids: string[]) {
  return api.DELETE('/api/message/Record', { body: { ids: ids.join(',') } });
}

/** MSG-022: the notice page's list. */
export function getNoticeList(query: { currentPage: number; pageSize: number; keyword: string; enabledMark?: string[]; type?: string[] }) {
  return api.POST('/api/message/Notice/List', { body: query });
}

export function getNotice(id: string) {
  return api.GET('/api/message/Notice/{id}', { params: { path: { id } } });
}

/**
 * A new draft. POST /api/message, the JNPF client's path: the server answers POST
 * /api/message/Notice with the list, as that client asks for it there.
 */
export function createNotice(form: NoticeForm) {
  return api.POST('/api/message', { body: form });
}

export function updateNotice(id: string, form: NoticeForm) {
  return api.PUT('/api/message/Notice/{id}', { params: { path: { id } }, body: form });
}

export function deleteNotice(id: string) {
  return api.DELETE('/api/message/Notice/{id}', { params: { path: { id } } });
}

/** MSG-023: a draft notice is released to its addressees. */
export function releaseNotice(id: string) {
  return api.PUT('/api/message/Notice/{id}/Actions/Release', { params: { path: { id } } });
}

/** MSG-024: the enabled send configurations a notice's custom reminder can use. */
export function getSendConfigs() {
  return api.GET('/api/message/SendMessageConfig/Selector');
}

/** A released notice is taken back from every addressee and becomes a draft again. */
export function withdrawNotice(id: string) {
  return api.PUT('/api/message/{id}/Actions/Withdraw', { params: { path: { id } } });
}

/** CHAT-022: the recent conversations. */
export function getConversations() {
  return api.GET('/api/message/imreply');
}

/** CHAT-007: clears the chat records with the user (unread and latest message too). */
export function deleteChatRecords(userId: string) {
  return api.DELETE('/api/message/imreply/deleteChatRecord/{id}', { params: { path: { id: userId } } });
}

/** CHAT-006: removes the conversation from the recent list. */
export function removeConversation(userId: string) {
  return api.DELETE('/api/message/imreply/relocation/{id}', { params: { path: { id: userId } } });
}

/** CHAT-002, CHAT-003: the contacts, 20 a page. */
export function getContacts(query: { currentPage: number; pageSize: number; keyword: string }) {
  return api.GET('/api/permission/Users/ImUser', { params: { query } });
}

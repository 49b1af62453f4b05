/**
 * The navbar's message and chat drawers (SHELL-016; spec 01 §2.5, §2.6): both 280px drawers
 * opened from the right-hand tools, their content in app/messages.
 */
export { MessageDrawer } from '../messages/MessageDrawer';
export { ChatDrawer } from '../messages/ChatDrawer';

/**
 * CONST-001 (spec 01 §9, 02 §9): how long toasts stay. A toast without its own duration stays
 * 3000 ms (the app's antd `message` setting); the short messages after an action (a save's
 * answer, a request's error) stay 1000 to 1500 ms.
 */
import type { ConfigOptions } from 'antd/es/message/interface';
import { ERROR_TOAST_SECONDS } from '@/api/request';

/** A toast's default duration, in seconds (antd's unit). */
export const TOAST_SECONDS = 3;
/** The short message after an action, in seconds. */
export const MESSAGE_SECONDS = 1.5;
/** The request error toast (request.ts), in seconds. */
export { ERROR_TOAST_SECONDS };

/** The app's `message` settings (App.tsx hands them to antd's App). */
export const MESSAGE_CONFIG: ConfigOptions = { duration: TOAST_SECONDS };

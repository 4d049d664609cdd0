// Every implemented operation's handler, by operationId. Operations not listed answer 501 (not implemented).
import type { HandlerMap } from '../http/handler.ts';
import { authHandlers } from './auth/authHandlers.ts';

export const handlers: HandlerMap = {
  ...authHandlers,
};

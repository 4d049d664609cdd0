// Every implemented operation's handler, by operationId. Operations not listed answer 501 (not implemented).
import type { HandlerMap } from '../http/handler.ts';
import { authHandlers } from './auth/authHandlers.ts';
import { configHandlers } from './config/configHandlers.ts';
import { deptHandlers } from './depts/deptHandlers.ts';
import { licenceHandlers } from './licence/licenceHandlers.ts';
import { logHandlers } from './logs/logHandlers.ts';
import { menuHandlers } from './menus/menuHandlers.ts';
import { roleHandlers } from './roles/roleHandlers.ts';
import { userHandlers } from './users/userHandlers.ts';

export const handlers: HandlerMap = {
  ...authHandlers,
  ...menuHandlers,
  ...userHandlers,
  ...roleHandlers,
  ...deptHandlers,
  ...configHandlers,
  ...licenceHandlers,
  ...logHandlers,
};

import type { EndpointSpec } from '../endpoint';
import * as account from './account';
import * as campaigns from './campaigns';
import * as contacts from './contacts';
import * as conversations from './conversations';
import * as media from './media';
import * as messages from './messages';
import * as templates from './templates';
import * as webhooks from './webhooks';

/** Every /v1 operation of the contract, in the order the reference lists them. */
export const allEndpoints: EndpointSpec[] = [
  ...account.endpoints,
  ...messages.endpoints,
  ...media.endpoints,
  ...conversations.endpoints,
  ...campaigns.endpoints,
  ...webhooks.endpoints,
  ...templates.endpoints,
  ...contacts.endpoints,
] as EndpointSpec[];

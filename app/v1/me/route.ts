import { getMe as getMeSpec } from '@/server/api/endpoints/account';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { getMe } from '@/server/accounts/get-me';

const get = apiRoute(getMeSpec, ({ caller }) => getMe(caller));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });

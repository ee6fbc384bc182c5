import { getMe as getMeSpec } from '@/server/api/endpoints/account';
import { apiRoute } from '@/server/api/route';
import { getMe } from '@/server/accounts/get-me';

export const GET = apiRoute(getMeSpec, ({ caller }) => getMe(caller));

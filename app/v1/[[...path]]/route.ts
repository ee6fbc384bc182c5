import { unknownApiPath } from '@/server/api/methods';

/** Any /v1 path no route file serves: 404 in the envelope, with Request-Id, rather than the site's HTML page. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unknownApiPath();

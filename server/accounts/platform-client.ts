import { config } from '@/server/config';
import { db } from '@/server/db';
import { createPlatformClient, PlatformError, type PlatformClient } from '@/server/platform/client';
import { portfolioAccessToken, UNREADABLE_TOKEN_REASON } from './portfolio-token';

/**
 * A platform client with the business's own access token, or the service-wide one. A token no
 * configured secret opens is refused here as the platform refuses a dead token (code 190), so
 * callers treat both alike.
 */
export async function platformClientForPortfolio(portfolioId: string): Promise<PlatformClient> {
  const portfolio = await db.businessPortfolio.findUniqueOrThrow({
    where: { id: portfolioId },
    // Selecting the columns explicitly overrides the client's global omit of secrets.
    select: { accessTokenSealed: true, accessTokenLegacy: true },
  });
  const accessToken = portfolioAccessToken(portfolio);
  if (accessToken === null) throw new PlatformError({ code: 190, httpStatus: 401, message: UNREADABLE_TOKEN_REASON });
  return createPlatformClient({ baseUrl: config.PLATFORM_BASE_URL, apiVersion: config.PLATFORM_API_VERSION, accessToken });
}

import { config } from '@/server/config';
import { db } from '@/server/db';
import { createPlatformClient, type PlatformClient } from '@/server/platform/client';

/** A platform client with the business's own access token, or the service-wide one. */
export async function platformClientForPortfolio(portfolioId: string): Promise<PlatformClient> {
  const portfolio = await db.businessPortfolio.findUniqueOrThrow({
    where: { id: portfolioId },
    // Selecting the column explicitly overrides the client's global omit of secrets.
    select: { accessToken: true },
  });
  return createPlatformClient({
    baseUrl: config.PLATFORM_BASE_URL,
    apiVersion: config.PLATFORM_API_VERSION,
    accessToken: portfolio.accessToken ?? config.PLATFORM_ACCESS_TOKEN,
  });
}

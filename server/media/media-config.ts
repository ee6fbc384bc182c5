import { z } from 'zod';

/** The media store's own configuration (server/config.ts is the lead's; `.env.example` lists these too). */
const mediaConfigSchema = z.object({
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Relative paths are taken from the working directory, which is the repository root. */
  MEDIA_DIR: z.string().min(1).default('var/media'),
  /** Unset means AWS itself: `https://s3.<region>.amazonaws.com`. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
});

export type MediaConfig = z.infer<typeof mediaConfigSchema>;

export function readMediaConfig(env: Record<string, string | undefined> = process.env): MediaConfig {
  const parsed = mediaConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid media configuration: ${problems}`);
  }
  const config = parsed.data;
  if (config.MEDIA_STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !config[k]);
    if (missing.length > 0) throw new Error(`Invalid media configuration: MEDIA_STORAGE=s3 needs ${missing.join(', ')}`);
  }
  return config;
}

import { z } from 'zod';
import { payloadOf } from './envelope.js';

/**
 * The workspace's public-link setting (PRODUCT §2 PublicLink: "A workspace setting turns every
 * public link off"; GET/PUT v1/workspaces/{id}/public-links). While `enabled` is false every share
 * link and answer link of the workspace answers 410 and no new one can be made; turning it back on
 * revives the links that are neither revoked nor expired. Changing it: OWNER and EXECUTIVE
 * (permission `managePublicLinks`), audited as PUBLIC_LINKS_TOGGLED.
 */
export const PublicLinkSettingsSchema = z.object({ enabled: z.boolean() }).meta({ id: 'PublicLinkSettings' });
export type PublicLinkSettings = z.infer<typeof PublicLinkSettingsSchema>;
export const PublicLinkSettingsResponseSchema = payloadOf(PublicLinkSettingsSchema);
export const UpdatePublicLinkSettingsBodySchema = PublicLinkSettingsSchema;
export type UpdatePublicLinkSettingsBody = z.infer<typeof UpdatePublicLinkSettingsBodySchema>;

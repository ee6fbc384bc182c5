/**
 * Who a retarget reaches among a finished campaign's recipients whose message was sent:
 * `not_read`, those who never read it (sent or delivered); `no_choice`, those who neither
 * tapped one of its buttons nor replied after it (read or not). Failed and skipped recipients
 * are left out: their number failed, or they opted out.
 */
export const retargetAudiences = ['not_read', 'no_choice'] as const;
export type RetargetAudience = (typeof retargetAudiences)[number];

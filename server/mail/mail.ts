/** A plain-text mail the service sends (password reset links). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

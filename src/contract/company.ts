/** What the contact mail says of the studio; src/content/company.ts adds the rest of its facts. */
export interface Studio {
  /** The name in the mail's sender and first line. */
  readonly name: string;
  /** The inbox that receives messages, and the default sender of the mail. */
  readonly email: string;
}

/** The studio's name and address: placeholders to replace. */
export const studio: Studio = {
  name: 'Bluestem Software',
  email: 'hello@example.com',
};

/**
 * Where a visitor's browser keeps the contact form's draft. The tests name the key themselves, not
 * from the app: a new key in the app would lose every draft a visitor has saved, so it fails them.
 */
export const DRAFT_KEY = 'bluestem.contact.draft';

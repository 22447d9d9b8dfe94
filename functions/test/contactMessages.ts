/** The contact form's messages, word for word as docs/requirements.md states them. */
export const MESSAGES = {
  name: 'Please enter your full name.',
  email: 'Please enter a valid email.',
  messageShort: 'That message is too short. Please include some more details.',
  messageLong: 'The message is too long.',
  nameLong: 'The name is too long. Please use at most 100 characters.',
  nameCharacters: 'Please remove line breaks and control characters from your name.',
  messageCharacters: 'Your message contains characters that are not allowed.',
} as const;

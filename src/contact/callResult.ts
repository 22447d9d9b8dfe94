/**
 * What the form shows for the outcome of a sendContactEmail call (spec point 8). Pure: the
 * firebase client passes in what it got.
 */

export interface ContactResult {
  success: boolean;
  message: string;
}

export const DEFAULT_ERROR = 'There was an error submitting the message.';

/** The web SDK appends the HTTP status to every error message: "m [400]", "internal [0]". */
export function stripStatusSuffix(message: string): string {
  return message.replace(/\s*\[\d{1,3}\]$/, '');
}

/** The result the form receives from a successful call's data. */
export function resultFromData(data: unknown): ContactResult {
  if (data && typeof data === 'object') {
    const { success, message } = data as Partial<ContactResult>;
    if (success === true)
      return { success: true, message: typeof message === 'string' ? message : '' };
    return {
      success: false,
      message: typeof message === 'string' && message.trim() ? message : DEFAULT_ERROR,
    };
  }
  return { success: false, message: DEFAULT_ERROR };
}

/** The result of a failed call: the error's own message, unless it has none or is just "internal". */
export function resultFromError(error: unknown): ContactResult {
  const raw =
    error && typeof error === 'object' && 'message' in error
      ? (error as { message: unknown }).message
      : '';
  const message = typeof raw === 'string' ? stripStatusSuffix(raw).trim() : '';
  if (!message || message.toLowerCase() === 'internal')
    return { success: false, message: DEFAULT_ERROR };
  return { success: false, message };
}

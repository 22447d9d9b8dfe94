import {
  memo,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import type { ContactField } from '../contract/rules';

export type FieldControl = HTMLInputElement | HTMLTextAreaElement;

/** The elements of the form's three fields and of its honeypot. */
export type FormControls = Record<ContactField, RefObject<FieldControl | null>> & {
  website: RefObject<HTMLInputElement | null>;
};

interface FieldProps extends Omit<InputHTMLAttributes<FieldControl>, 'name' | 'onChange'> {
  name: ContactField;
  label: string;
  /** Marks the field invalid and points it at the banner that says why. */
  invalid: boolean;
  describedBy?: string;
  rows?: number;
  control: RefObject<FieldControl | null>;
  onChange: (event: ChangeEvent<FieldControl>) => void;
  children?: ReactNode;
}

/**
 * One labelled field of the contact form, with its invalid state told to assistive technology.
 * Drawn again only when its own props change: a key in another field leaves it alone.
 */
export const Field = memo(function Field({
  name,
  label,
  invalid,
  describedBy,
  rows,
  control,
  children,
  ...rest
}: FieldProps) {
  const id = `contact-${name}`;
  const props = {
    ...rest,
    id,
    name,
    required: true,
    'aria-invalid': invalid || undefined,
    'aria-describedby':
      [describedBy, invalid && 'contact-banner'].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className="contact-form__field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        // The ref's element type follows `rows`; React's types cannot say so.
        <textarea ref={control as RefObject<HTMLTextAreaElement>} rows={rows} {...props} />
      ) : (
        <input ref={control as RefObject<HTMLInputElement>} {...props} />
      )}
      {children}
    </div>
  );
});

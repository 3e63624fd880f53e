import { Fragment } from 'react';

/**
 * An e-mail address that, where it must wrap (a table column on a phone), wraps before its "@"
 * ("new.colleague / @demo.example") instead of every few letters. Use with `overflowWrap: 'break-word'`
 * (the body's), not `anywhere` or `break-all`: those let a table squeeze the column to a few letters.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=@)/);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </>
  );
}

/** A real XML 1.0 parser's verdict on a document: the files the harness writes must pass it whatever a service sent. */
import { SaxesParser } from 'saxes';

/** The first well-formedness error, or undefined for a well-formed document. */
export function xmlError(xml: string): string | undefined {
  const parser = new SaxesParser({ xmlns: false });
  let error: string | undefined;
  parser.on('error', (e) => {
    error ??= e.message;
  });
  parser.write(xml).close();
  return error;
}

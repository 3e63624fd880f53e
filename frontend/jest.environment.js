// jsdom plus the fetch API and encoders of the Node runtime, which jsdom leaves out. Relative URLs
// resolve against the page's location, as in a browser.
import JSDOMEnvironment from 'jest-environment-jsdom';

export default class PortalDomEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    const page = this.global;
    class PageRequest extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href).toString() : input, init);
      }
    }
    Object.assign(page, { fetch, Request: PageRequest, Response, Headers, TextEncoder, TextDecoder, structuredClone, ReadableStream, AbortController, AbortSignal });
  }
}

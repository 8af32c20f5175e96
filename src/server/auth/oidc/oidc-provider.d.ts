// The part of oidc-provider (a dev dependency: the test identity provider) that test-provider.ts uses;
// the package ships no types.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (properties: { accountId: string; clientId: string }) => Grant;
  }
  export default Provider;
}

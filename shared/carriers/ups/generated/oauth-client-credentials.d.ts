/**
 * Generated from UPS's OAuthClientCredentials.yaml (shared/carriers/ups/spec/, MIT) by
 * openapi-typescript, with the document errata of shared/carriers/ups/errata.ts
 * patched.
 * Do not edit: run `npm run ups:types` (tooling/ups-types.ts). A unit test
 * (test/unit/carriers/ups/generated-types.test.ts) fails while this file
 * differs from a fresh generation. Import it with `import type` only.
 */

export interface paths {
    "/security/v1/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create Token */
        post: operations["CreateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        tokenSuccessResponse: {
            /** @description Container for token response. */
            token_type?: string;
            /** @description Issue time of requested token. */
            issued_at?: string;
            /** @description Client id for requested token. */
            client_id?: string;
            /** @description Token to be used in API requests. */
            access_token?: string;
            /** @description Scope for requested token. */
            scope?: string;
            /** @description Expire time for requested token in seconds. */
            expires_in?: string;
            /** @description Number of refreshes for requested token. */
            refresh_count?: string;
            /** @description Status for requested token. */
            status?: string;
        };
        tokenErrorResponse: {
            response?: components["schemas"]["errorResponseWrapper"];
        };
        errorResponseWrapper: {
            errors?: components["schemas"]["errors"][];
        };
        errors: {
            /** @description Error code */
            code?: string;
            /** @description Error message */
            message?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    CreateToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description 6-digit UPS account number. */
                "x-merchant-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Valid values: client_credentials
                     * @default client_credentials
                     */
                    grant_type: string;
                };
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["tokenSuccessResponse"];
                };
            };
            /** @description Invalid Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["tokenErrorResponse"];
                };
            };
            /** @description Unauthorized Request */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["tokenErrorResponse"];
                };
            };
            /** @description Blocked Merchant */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["tokenErrorResponse"];
                };
            };
            /** @description Quota Limit Exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["tokenErrorResponse"];
                };
            };
        };
    };
}

/**
 * Generated from UPS's AddressValidation.yaml (shared/carriers/ups/spec/, MIT) by
 * openapi-typescript, with the document errata of shared/carriers/ups/errata.ts
 * patched.
 * Do not edit: run `npm run ups:types` (tooling/ups-types.ts). A unit test
 * (test/unit/carriers/ups/generated-types.test.ts) fails while this file
 * differs from a fresh generation. Import it with `import type` only.
 */

export interface paths {
    "/addressvalidation/{version}/{requestoption}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Address Validation
         * @description The Address Validation Street Level API can be used to check addresses
         *     against the United States Postal Service database of valid addresses in the
         *     U.S. and Puerto Rico.
         *
         *     <i>NOTE:</i> In the Customer Integration Environment, Street Level Address Validation will only produce results for addresses in New York (NY) and California (CA).
         */
        post: operations["AddressValidation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/addressvalidation/{deprecatedVersion}/{requestoption}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Address Validation
         * @deprecated
         * @description The Address Validation Street Level API can be used to check addresses against the United States Postal Service database of valid addresses in the U.S. and Puerto Rico.
         */
        post: operations["DeprecatedAddressValidation"];
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
        /** @description N/A */
        XAVRequestWrapper: {
            XAVRequest: components["schemas"]["XAVRequest"];
        };
        /** @description N/A */
        XAVResponseWrapper: {
            XAVResponse: components["schemas"]["XAVResponse"];
        };
        XAVRequest: {
            AddressKeyFormat: components["schemas"]["XAVRequest_AddressKeyFormat"];
        };
        /**
         * @description AddressKeyFormat container.
         *     The Key format is based on addressing standards jointly developed by the Postal Service and mailing industry.  The information provided in the Address Key container will be returned in the same format.
         */
        XAVRequest_AddressKeyFormat: {
            /** @description Name of business, company or person. Ignored if user selects the RegionalRequestIndicator. */
            ConsigneeName?: string;
            /** @description Name of the building. Ignored if user selects the RegionalRequestIndicator. */
            AttentionName?: string;
            /** @description Address line (street number, street name and street type) used for street level information. Additional secondary information (apartment, suite, floor, etc.). Applicable to US and PR only. Ignored if user selects the RegionalRequestIndicator. */
            AddressLine?: string[];
            /**
             * @description If this node is present the following tags will be ignored:
             *
             *     - Political Division 2
             *     - Political Division 1
             *     - PostcodePrimaryLow
             *     - PostcodeExtendedLow
             *
             *     Valid only for US or PR origins only.  Using this tag for non US/PR origins may cause address format errors.
             */
            Region?: string;
            /** @description City or Town name. */
            PoliticalDivision2?: string;
            /** @description State or Province/Territory name. */
            PoliticalDivision1?: string;
            /** @description Postal Code. */
            PostcodePrimaryLow?: string;
            /** @description 4 digit Postal Code extension. For US use only. */
            PostcodeExtendedLow?: string;
            /** @description Puerto Rico Political Division 3. Only Valid for Puerto Rico. */
            Urbanization?: string;
            /** @description Country or Territory Code. For a list of valid values, refer to the Address Validation API Supported Countries or Territories table in the Appendix. */
            CountryCode: string;
        };
        /** @description XAV Response Container. */
        XAVResponse: {
            Response: components["schemas"]["XAVResponse_Response"];
            /** @description Indicates query found a valid match. */
            ValidAddressIndicator?: string;
            /** @description Indicates query could not find exact match. Candidate list follows. */
            AmbiguousAddressIndicator?: string;
            /** @description No Candidate found. */
            NoCandidatesIndicator?: string;
            AddressClassification?: components["schemas"]["XAVResponse_AddressClassification"];
            /**
             * @description Candidate Container.
             *
             *     **NOTE:** For versions >= v2, this element will always be returned as an array. For requests using version = v1, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            Candidate?: components["schemas"]["XAVResponse_Candidate"][];
        };
        /** @description Response Container. */
        XAVResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            /**
             * @description Alert Container.  There can be zero to many alert containers with code and description.
             *
             *     **NOTE:** For versions >= v2, this element will always be returned as an array. For requests using version = v1, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description Response Status Container. */
        Response_ResponseStatus: {
            /**
             * @description Identifies the success or failure of the transaction. Valid values:
             *     1 = Success
             *     0 = Failure
             */
            Code: string;
            /** @description Describes Response Status Code.  Returns text of 'Success' or 'Failure'. */
            Description: string;
        };
        Response_Alert: {
            /** @description Warning code returned by the system. */
            Code: string;
            /** @description Warning messages returned by the system. */
            Description: string;
        };
        /** @description Transaction Reference Container. */
        Response_TransactionReference: {
            /** @description The CustomerContext Information which will be echoed during response. */
            CustomerContext?: string;
        };
        /** @description AddressClassification Container. */
        XAVResponse_AddressClassification: {
            /**
             * @description Contains the classification code of the input address.
             *
             *     Valid values:
             *
             *     - 0 - UnClassified
             *     - 1 - Commercial
             *     - 2 - Residential
             */
            Code: string;
            /** @description Contains the text description of the address classification code: UnClassified, Commercial, Residential */
            Description: string;
        };
        XAVResponse_Candidate: {
            AddressClassification?: components["schemas"]["Candidate_AddressClassification"];
            AddressKeyFormat: components["schemas"]["Candidate_AddressKeyFormat"];
        };
        /** @description AddressClassification Container. */
        Candidate_AddressClassification: {
            /**
             * @description Contains the classification code of the address:
             *     0 - UnClassified
             *     1 - Commercial
             *     2 - Residential
             */
            Code: string;
            /** @description Contains the text description of the address classification code (see Code above). */
            Description: string;
        };
        /** @description AddressKeyFormat Container. */
        Candidate_AddressKeyFormat: {
            /** @description Name of business, company or person. Not returned if user selects the RegionalRequestIndicator. */
            ConsigneeName?: string;
            /** @description Name of building. Not returned if user selects the RegionalRequestIndicator. */
            AttentionName?: string;
            /** @description Address line (street number, street name and street type, and political division 1, political division 2 and postal code) used for street level information. Additional secondary information (apartment, suite, floor, etc.) Applicable to US and PR only.  Not returned if user selects the RegionalRequestIndicator. */
            AddressLine?: string[];
            /** @description Single entry containing in this order  Political Division 2, Political Division 1 and Post Code Primary Low and/or PostcodeExtendedLow. */
            Region?: string;
            /** @description City or Town name. */
            PoliticalDivision2?: string;
            /** @description State/Province.  Returned if the location is within a State/Province/Territory. For International: returned if user enters valid Country or Territory Code, and City/postal code and it has a match.  For Domestic addresses, the value must be a valid 2-character value (per US Mail standards).  For International the full State or Province name will be returned. */
            PoliticalDivision1?: string;
            /** @description Low-end Postal Code. Returned for countries or territories with Postal Codes. May be alphanumeric. */
            PostcodePrimaryLow?: string;
            /** @description Low-end extended postal code in a range. Example in quotes: Postal Code 30076-'1234'.  Only returned in candidate list. May be alphanumeric */
            PostcodeExtendedLow?: string;
            /** @description Puerto Rico Political Division 3. Only Valid for Puerto Rico. */
            Urbanization?: string;
            /** @description A country or territory code. Required to be returned. */
            CountryCode: string;
        };
        ErrorResponse: {
            response?: components["schemas"]["CommonErrorResponse"];
        };
        /** @description The error response containing any errors that occurred. */
        CommonErrorResponse: {
            /** @description The error array containing any errors that occurred. */
            errors?: components["schemas"]["ErrorMessage"][];
        };
        /** @description The error response containing any errors that occurred. */
        ErrorMessage: {
            /** @description The error code. */
            code?: string;
            /** @description The error message. */
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
    AddressValidation: {
        parameters: {
            query?: {
                /** @description Valid values: True or False.  If True, either the region element or any  combination of Political Division 1,  Political Division 2, PostcodePrimaryLow and the PostcodeExtendedLow fields will  be recognized for validation in addition to  the urbanization element. If False or no  indicator, street level address validation  is provided */
                regionalrequestindicator?: string;
                /** @description Valid values: 0 – 50 The maximum number of Candidates to  return for this request. If not provided,  the default size of 15 is returned. */
                maximumcandidatelistsize?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Identifies the optional processing to be performed. If not present or invalid value then an error will be sent back.
                 *
                 *     Valid values:
                 *     - 1 - Address Validation
                 *     - 2 - Address Classification
                 *     - 3 - Address Validation and Address Classification.
                 *
                 *     For a list of valid values, refer to Address Validation API Supported Countries or Territories in the Appendix.
                 */
                requestoption: number;
                /**
                 * @description Identifies the version of the API.
                 *
                 *     Valid  values:
                 *     - v2
                 */
                version: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["XAVRequestWrapper"];
            };
        };
        responses: {
            /** @description Successful Operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["XAVResponseWrapper"];
                };
            };
            /** @description Invalid Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unauthorized Request */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Blocked Merchant */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate Limit Exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    DeprecatedAddressValidation: {
        parameters: {
            query?: {
                /** @description Valid values: True or False.  If True, either the region element or any  combination of Political Division 1,  Political Division 2, PostcodePrimaryLow and the PostcodeExtendedLow fields will  be recognized for validation in addition to  the urbanization element. If False or no  indicator, street level address validation  is provided */
                regionalrequestindicator?: string;
                /** @description Valid values: 0 – 50 The maximum number of Candidates to  return for this request. If not provided,  the default size of 15 is returned. */
                maximumcandidatelistsize?: number;
            };
            header?: never;
            path: {
                /**
                 * @description Identifies the optional processing to be performed. If not present or invalid value then an error will be sent back.
                 *
                 *     Valid values:
                 *
                 *     - 1 - Address Validation
                 *     - 2 - Address Classification
                 *     - 3 - Address Validation and Address Classification.
                 *
                 *     For a list of valid values, refer to Address Validation API Supported Countries or Territories in the Appendix.
                 */
                requestoption: number;
                /**
                 * @description Identifies the version of the API.
                 *
                 *     Valid  values:
                 *     - v1
                 */
                deprecatedVersion: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["XAVRequestWrapper"];
            };
        };
        responses: {
            /** @description Successful Operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["XAVResponseWrapper"];
                };
            };
            /** @description Invalid Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unauthorized Request */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Blocked Merchant */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate Limit Exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}

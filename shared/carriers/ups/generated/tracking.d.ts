/**
 * Generated from UPS's Tracking.yaml (shared/carriers/ups/spec/, MIT) by
 * openapi-typescript, with the document errata of shared/carriers/ups/errata.ts
 * patched.
 * Do not edit: run `npm run ups:types` (tooling/ups-types.ts). A unit test
 * (test/unit/carriers/ups/generated-types.test.ts) fails while this file
 * differs from a fresh generation. Import it with `import type` only.
 */

export interface paths {
    "/track/v1/details/{inquiryNumber}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tracking */
        get: operations["getSingleTrackResponseUsingGET"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track/v1/reference/details/{referenceNumber}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Track by Reference Number */
        get: operations["Reference Tracking API"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track/v1/shipment/details/{inquiryNumber}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Track Each Package in Shipment */
        get: operations["Shipment Tracking API"];
        put?: never;
        post?: never;
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
        /**
         * AccessPointInformation
         * @description The container that has all the information related to the access point where the package is destined for/delivered to.
         */
        AccessPointInformation: {
            pickupByDate?: string;
        };
        /**
         * Activity
         * @description Container with all activities associated with the package. Activities are returned in chronological order, with the most recent activity first.
         */
        Activity: {
            /**
             * @description The date of the activity. Format: YYYYMMDD
             * @example 20210210
             */
            date?: string;
            /**
             * @description gmtDate
             * @example 20210210
             */
            gmtDate?: string;
            /**
             * @description gmtOffset
             * @example -05:00
             */
            gmtOffset?: string;
            /**
             * @description gmtTime
             * @example 74700
             */
            gmtTime?: string;
            location?: components["schemas"]["Location"];
            status?: components["schemas"]["Status"];
            /**
             * @description The time of the activity. Format: HHMMSS (24 hr)
             * @example 071356
             */
            time?: string;
            /** @description This indicates whether shipment event is physical or logical event. Valid values: 'true' for logical event. 'false' for physical event */
            logicalScan?: boolean;
        };
        /**
         * Address
         * @description The container which has the physical address.
         */
        Address: {
            /**
             * @description The physical street address line 1.
             * @example 100 Main St
             */
            addressLine1?: string;
            /**
             * @description The physical street address line 2.
             * @example Warehouse
             */
            addressLine2?: string;
            /**
             * @description The physical street address line 3.
             * @example Building 1
             */
            addressLine3?: string;
            /**
             * @description The physical address city.
             * @example Wayne
             */
            city?: string;
            /**
             * @description The physical address country.
             * @example US
             */
            country?: string;
            /**
             * @description The physical address country code.
             * @example US
             */
            countryCode?: string;
            /**
             * @description The physical address postal code.
             * @example 07470
             */
            postalCode?: string;
            /**
             * @description The physical address state or province.
             * @example NJ
             */
            stateProvince?: string;
        };
        /**
         * AlternateTrackingNumber
         * @description The list of alternate tracking numbers associated with the package.
         */
        AlternateTrackingNumber: {
            /**
             * @description The alternate tracking number.
             * @example 92419900000033499522966220
             */
            number?: string;
            /**
             * @description The type of alternate number. Non-typed numbers are typically UPS tracking numbers.
             * @example USPS_PIC
             */
            type?: string;
        };
        /**
         * DeliveryDate
         * @description The list of delivery dates associated with the package.
         */
        DeliveryDate: {
            /** @description The date of this delivery detail. Format - YYYYMMDD */
            date?: string;
            /** @description The list of delivery dates associated with the package. Valid values: SDD - Scheduled Delivery Date RDD - Rescheduled Delivery Date DEL - Delivered Date */
            type?: string;
        };
        /**
         * DeliveryInformation
         * @description Container with all information related to the delivery of the package. Populated only when the package is delivered.
         */
        DeliveryInformation: {
            deliveryPhoto?: components["schemas"]["DeliveryPhoto"];
            /**
             * @description The location where the package was dropped off. For example: 'Front Door'
             * @example Front Door
             */
            location?: string;
            /**
             * @description The individual who took possession of the package at delivery.
             * @example
             */
            receivedBy?: string;
            signature?: components["schemas"]["Signature"];
            /**
             * POD
             * @description Container which contains Proof of Delivery.
             */
            pod?: {
                /** @description The base64 encoded string representation of the Delivery Proof. Note: This is considered sensitive data and may only be returned for a user that has rights to the package. */
                content?: string;
            };
        };
        /**
         * DeliveryPhoto
         * @description Container with all information related to the delivery photo of the package.
         */
        DeliveryPhoto: {
            /** @description The indication if the country does not use postal code. Valid values: 'true' this country does not use postal code. 'false' this country uses postal code */
            isNonPostalCodeCountry?: boolean;
            photo?: string;
            /** @description The photo capture indicator. Valid values: 'Y' the photo is an photo capture. 'N' the photo is not a capture */
            photoCaptureInd?: string;
            /** @description The photo disposition code. Valid values: 'V' the photo is viewable. 'N' the photo is not viewable. 'U' the photo is not stored */
            photoDispositionCode?: string;
        };
        /**
         * DeliveryTime
         * @description The container which has all delivery times associated with the package.
         */
        DeliveryTime: {
            /** @description The end time of a window or the committed time or the delivered time. Only returned when the type is “EDW” or “CDW” or “IDW” or “CMT” or “DEL”. Format: HHMMSS (24 hr) */
            endTime?: string;
            /** @description The start time of a delivery. Only returned when the type is “EDW” or “CDW” or “IDW”. Format: HHMMSS (24 hr). */
            startTime?: string;
            /**
             * @description The date of this delivery detail.
             *     Valid values:
             *
             *     EOD - End of Day
             *     CMT - Commit Time
             *     EDW - Estimated Delivery Window **
             *     CDW - Confirmed Delivery Window **
             *     IDW - Imminent Delivery Window **
             *     DEL - Delivered Time
             */
            type?: string;
        };
        /** Dimension */
        Dimension: {
            /** @description Height of the package */
            height?: string;
            /** @description Length of the package */
            length?: string;
            /** @description The unit of the dimensions */
            unitOfDimension?: string;
            /** @description Width of the package */
            width?: string;
        };
        /** Error */
        Error: {
            code?: string;
            message?: string;
        };
        /**
         * InquireNumbers
         * @description Inquiry number
         */
        InquireNumbers: {
            inquiryNumbers?: string[];
        };
        /** Location */
        Location: {
            address?: components["schemas"]["Address"];
            /**
             * @description Site Location Indicator Code (SLIC)
             * @example 8566
             */
            slic?: string;
        };
        /**
         * Milestones
         * @description The list of milestones associated with the package. Milestones will be returned in chronological order, with the oldest first and most recent/future milestones last.
         */
        Milestones: {
            /** @description The milestone category. This will be present only when a milestone is in a COMPLETE state. */
            category?: string;
            /** @description The milestone code. */
            code?: string;
            /** @description The indication if the milestone represents the current state of the package. Valid values: 'true' this milestone is the current state of the package.  'false' this milestone is not current. */
            current?: boolean;
            /** @description The milestone description. Note: this is not translated at this time and is returned in US English. */
            description?: string;
            /** @description The 0-based index of the activity that triggered this milestone. This will be returned only when a milestone is in a COMPLETE state. For example the most recent activity on the response is index 0. */
            linkedActivity?: string;
            /** @description The milestone state. Valid values: 'This milestone has already occurred'/'This milestone has not yet been completed'. */
            state?: string;
            subMilestone?: components["schemas"]["SubMilestone"];
        };
        /** Package */
        Package: {
            accessPointInformation?: components["schemas"]["AccessPointInformation"];
            activity?: components["schemas"]["Activity"][];
            /**
             * @description The list of additional attributes that may be associated with the package. Presence of any element indicates the package has that attribute.
             * @example [
             *       "SENSOR_EVENT"
             *     ]
             */
            additionalAttributes?: string[];
            /**
             * @description The list of additional services that may be associated with the package. Presence of any element indicates that the package has that service.
             * @example [
             *       "ADULT_SIGNATURE_REQUIRED",
             *       "SIGNATURE_REQUIRED",
             *       "ADDITIONAL_HANDLING",
             *       "CARBON_NEUTRAL",
             *       "UPS_PREMIER_SILVER",
             *       "UPS_PREMIER_GOLD",
             *       "UPS_PREMIER_PLATINUM"
             *     ]
             */
            additionalServices?: string[];
            alternateTrackingNumber?: components["schemas"]["AlternateTrackingNumber"][];
            currentStatus?: components["schemas"]["Status"];
            deliveryDate?: components["schemas"]["DeliveryDate"][];
            deliveryInformation?: components["schemas"]["DeliveryInformation"];
            deliveryTime?: components["schemas"]["DeliveryTime"];
            dimension?: components["schemas"]["Dimension"];
            /** @description Indicator of whether the package is a smart package */
            isSmartPackage?: boolean;
            /** @description milestones */
            milestones?: components["schemas"]["Milestones"][];
            packageAddress?: components["schemas"]["PackageAddress"][];
            /**
             * Format: int32
             * @description The total number of packages in the shipment. Note that this number may be greater than the number of returned packages in the response. In such cases subsequent calls are needed to get additional packages.
             * @example 2
             */
            packageCount?: number;
            paymentInformation?: components["schemas"]["PaymentInformation"][];
            referenceNumber?: components["schemas"]["ReferenceNumber"][];
            service?: components["schemas"]["Service"];
            statusCode?: string;
            /** @description The activity status description. Note: this field will be translated based on the locale provided in the request. */
            statusDescription?: string;
            /**
             * @description Contains values which signify that certain data should be suppressed or hidden. Valid values: Tracking activity details should be hidden. Note: this is mainly intended for use by UPS.com applications.
             * @example DETAIL
             */
            suppressionIndicators?: string[];
            trackingNumber?: string;
            /** @description This indicator provides UCIX (UPS Customer Information Exchange) status Valid values: 'O' means open. 'C' means closed. */
            ucixStatus?: string;
            weight?: components["schemas"]["Weight"];
        };
        /**
         * PackageAddress
         * @description The container array that has all the addresses associated with the package, such as the ship from (shipper), ship to (consignee), and delivery addresses
         */
        PackageAddress: {
            address?: components["schemas"]["Address"];
            /** @description The specific name of an individual associated with the address segment. */
            attentionName?: string;
            /**
             * @description Ship-to name.
             * @example Sears
             */
            name?: string;
            /**
             * @description The type of address.
             * @example ORIGIN/DESTINATION
             */
            type?: string;
        };
        /**
         * PaymentInformation
         * @description The container array that has all the payment information associated with the package, such as 'Collect on Delivery payment'.
         */
        PaymentInformation: {
            /**
             * @description The payment amount. This value will contain the amount in dollars and cents, separated by a period (.) Example: '1025.50'.9
             * @example 243.5
             */
            amount?: string;
            /**
             * @description The payment currency code (see API codes for possible values).
             * @example EUR
             */
            currency?: string;
            /**
             * @description The payment internal ID. This may be used in other systems to retrieve additional information on the payment.
             * @example 3S35571M1L381K5O0P316L0M1R2E6H14
             */
            id?: string;
            /**
             * @description The indication for whether the payment is paid or not. Valid values: 'true' the payment is paid. 'false' the payment is not paid.
             * @example false
             */
            paid?: boolean;
            /**
             * @description The applicable payment methods.
             * @example C0, C1, ... C9
             */
            paymentMethod?: string;
            /**
             * @description The payment type.
             * @example ICOD/COD
             */
            type?: string;
        };
        /**
         * ReferenceNumber
         * @description The list of reference numbers associated with the package.
         */
        ReferenceNumber: {
            /**
             * @description The reference number.
             * @example ShipRef123
             */
            number?: string;
            /**
             * @description The type of reference number. Specifies how the reference number is associated with the package.
             * @example SHIPMENT
             */
            type?: string;
        };
        /** Response */
        Response: {
            response?: components["schemas"]["ErrorResponse"];
        };
        /** Response */
        ErrorResponse: {
            errors?: components["schemas"]["Error"][];
        };
        /**
         * Service
         * @description The container which has the package service information.
         */
        Service: {
            /**
             * @description The service name code.
             * @example 518
             */
            code?: string;
            /**
             * @description The service name description. Note that this field will be translated based on the locale provided in the request.
             * @example UPS Ground
             */
            description?: string;
            /**
             * @description levelCode
             * @example 011
             */
            levelCode?: string;
        };
        /** Shipment */
        Shipment: {
            /**
             * @description inquiryNumber
             * @example 1Z023E2X0214323462
             */
            inquiryNumber?: string;
            package?: components["schemas"]["Package"][];
            /**
             * @description The relationship of the user to the package(s) in the shipment. No value means that the user has no relationship to the package. Note that this check is only done when the request contains the 'Username' and package rights checking is performed. Valid values:<br />'MYC_HOME' - My Choice for Home<br />'MYC_BUS_OUTBOUND' - My Choice for Business Outbound<br />'MYC_BUS_INBOUND' - My Choice for Business Inbound<br />'SHIPPER' - Shipper
             * @example MYCHOICE_HOME
             */
            userRelation?: string[];
            warnings?: components["schemas"]["Warning"][];
        };
        /**
         * Signature
         * @description Container with all the signature information associated to the package being delivered.
         */
        Signature: {
            /**
             * @description The base64 encoded string representation of the signature image. Note: This is considered sensitive data and may only be returned for a user that has rights to the package.
             * @example encoding Base64
             */
            image?: string;
        };
        /**
         * Status
         * @description The container which has the current package status
         */
        Status: {
            /**
             * @description The current status code.
             * @example SR
             */
            code?: string;
            /**
             * @description The current status description. Note that this field will be translated based on the locale provided in the request.
             * @example Your package was released by the customs agency.
             */
            description?: string;
            /**
             * @description The current status in simplified text. This is a supplementary description providing additional information on the status of the package. Note that this field will be translated based on the locale provided in the request.
             * @example Delivered
             */
            simplifiedTextDescription?: string;
            /**
             * @description The activity package detail status code see API Codes for possible values.
             * @example 003
             */
            statusCode?: string;
            /**
             * @description The activity status type.
             * @example X
             */
            type?: string;
        };
        /**
         * SubMilestone
         * @description The sub-milestone container containing information on a child milestone. Will be present only if a child milestone exists.
         */
        SubMilestone: {
            /** @description The sub-milestone category. */
            category?: string;
        };
        /** TrackApiResponse */
        TrackApiResponse: {
            trackResponse?: components["schemas"]["TrackResponse"];
        };
        /** TrackResponse */
        TrackResponse: {
            shipment?: components["schemas"]["Shipment"][];
        };
        /** Warning */
        Warning: {
            code?: string;
            message?: string;
        };
        /**
         * Weight
         * @description The weight container for the package.
         */
        Weight: {
            /** @description The weight units of measurement. Valid values: 'LBS' - pounds. 'KGS' - kilograms. */
            unitOfMeasurement?: string;
            /** @description The weight units of measurement. Valid values: 'LBS' - pounds. 'KGS' - kilograms. */
            weight?: string;
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
    getSingleTrackResponseUsingGET: {
        parameters: {
            query?: {
                /** @description Language and country code of the user, separated by an underscore. Default value is 'en_US' */
                locale?: string;
                /** @description Indicator requesting that the delivery signature image be included as part of the response (by default the image will not be returned). Returns image bytecodes of the signature. */
                returnSignature?: string;
                /** @description returnMilestones */
                returnMilestones?: string;
                /** @description Return Proof of Delivery */
                returnPOD?: string;
            };
            header: {
                /** @description An identifier unique to the request. */
                transId: string;
                /** @description Identifies the client/source application that is calling */
                transactionSrc: string;
            };
            path: {
                /** @description The tracking number for which tracking information is requested. Each inquiry number must be between 7 and 34 characters in length. */
                inquiryNumber: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tracking Information found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackApiResponse"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Blocked Merchant */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Tracking number information not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Resource is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
        };
    };
    "Reference Tracking API": {
        parameters: {
            query?: {
                /** @description Language and country code of the user, separated by an underscore. Default value is 'en_US' */
                locale?: string;
                /** @description The tracking information for the above reference number will be searched from this date */
                fromPickUpDate?: string;
                /** @description The tracking information for the above reference number will be searched till this date */
                toPickUpDate?: string;
                /** @description The Destination Country associated with above reference number */
                destCountry?: string;
                /** @description The Destination Zip associated with above reference number */
                destZip?: string;
                /** @description The Shipper Number (Account Number) associated with above reference number */
                shipperNum?: string;
                /** @description The Reference number type which will define the tracking information is related to small package or fgv */
                refNumType?: string;
            };
            header: {
                /** @description An identifier unique to the request. */
                transId: string;
                /** @description Identifies the client/source application that is calling */
                transactionSrc: string;
            };
            path: {
                /** @description The reference number for which tracking information is requested. */
                referenceNumber: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tracking Information found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackApiResponse"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Blocked Merchant */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Tracking number information not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Resource is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
        };
    };
    "Shipment Tracking API": {
        parameters: {
            query?: {
                /** @description Language and country code of the user, separated by an underscore. Default value is 'en_US' */
                locale?: string;
                /** @description This is used to support pagination of package results. The offset is a 0-based index which defines the starting record to be returned. */
                offset?: string;
                /** @description This is used to support pagination of package results. The count is the maximum number of packages to return starting with the offset. */
                count?: string;
            };
            header: {
                /** @description An identifier unique to the request. */
                transId: string;
                /** @description Identifies the client/source application that is calling */
                transactionSrc: string;
            };
            path: {
                /** @description The tracking number for which tracking information is requested. Each inquiry number must be between 7 and 34 characters in length. */
                inquiryNumber: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tracking Information found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackApiResponse"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Blocked Merchant */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Tracking number information not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Resource is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
        };
    };
}

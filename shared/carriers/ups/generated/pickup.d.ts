/**
 * Generated from UPS's Pickup.yaml (shared/carriers/ups/spec/, MIT) by
 * openapi-typescript, with the document errata of shared/carriers/ups/errata.ts
 * patched.
 * Do not edit: run `npm run ups:types` (tooling/ups-types.ts). A unit test
 * (test/unit/carriers/ups/generated-types.test.ts) fails while this file
 * differs from a fresh generation. Import it with `import type` only.
 */

export interface paths {
    "/shipments/{version}/pickup/{pickuptype}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pickup Pending Status
         * @description Using the GET operation of the pickuptype endpoint within the Pickup API, users can retrieve the status of shipments sent via UPS pickup service. The endpoint uses the account number as a required parameter and returns a status of received/dispatched/completed/incomplete/updated ETA, or cancelled.
         */
        get: operations["Pickup Pending Status"];
        put?: never;
        /**
         * Pickup Rate
         * @description Using the POST operation of the pickuptype endpoint within the Pickup API, users can request rates for UPS on-demand package pickup. The endpoint allows users to specify pickup details like address, date/time, and other options, and returns pricing information for booking that pickup.
         */
        post: operations["Pickup Rate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shipments/{version}/pickup/{CancelBy}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Pickup Cancel
         * @description Using the CancelBy endpoint of the Pickup API, users can request cancellation of a UPS on-demand package pickup. When the PRN (pickup request number), transaction ID, and the transaction source are supplied as required parameters, the endpoint returns confirmation that the pickup has been cancelled.
         */
        delete: operations["Pickup Cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickupcreation/{version}/pickup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pickup Creation
         * @description Using the Pickup API, applications can schedule pickups, manage previously scheduled pickups, or cancel previously scheduled pickups.
         */
        post: operations["Pickup Creation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickup/{version}/countries/{countrycode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pickup Get Political Division1 List
         * @description The countrycode endpoint of the Pickup API helps retrieve a list of political divisions (states) in a specified country or territory.
         */
        get: operations["Pickup Get Political Division1 List"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickup/{version}/servicecenterlocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pickup Get Service Center Facilities
         * @description The servicecenterlocations endpoint of the Pickup API helps retrieve service center information in a specified area - including location address, phone number, SLIC (Standard Location Identification Code), and hours of operation for pick-up and drop-off requests
         */
        post: operations["Pickup Get Service Center Facilities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shipments/{deprecatedVersion}/pickup/{CancelBy}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Pickup Cancel
         * @deprecated
         * @description Using the CancelBy endpoint of the Pickup API, users can request cancellation of a UPS on-demand package pickup. When the PRN (pickup request number), transaction ID, and the transaction source are supplied as required parameters, the endpoint returns confirmation that the pickup has been cancelled.
         */
        delete: operations["Deprecated Pickup Cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pickupcreation/{deprecatedVersion}/pickup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pickup Creation
         * @deprecated
         * @description Using the Pickup API, applications can schedule pickups, manage previously scheduled pickups, or cancel previously scheduled pickups.
         */
        post: operations["Deprecated Pickup Creation"];
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
        PICKUPRequestWrapper: {
            PickupRateRequest: components["schemas"]["PickupRateRequest"];
        };
        /** @description N/A */
        PICKUPResponseWrapper: {
            PickupRateResponse: components["schemas"]["PickupRateResponse"];
        };
        /** @description This request is used to rate an on-callpickup. */
        PickupRateRequest: {
            Request: components["schemas"]["PickupRateRequest_Request"];
            ShipperAccount?: components["schemas"]["PickupRateRequest_ShipperAccount"];
            PickupAddress: components["schemas"]["PickupRateRequest_PickupAddress"];
            /**
             * @description Indicates if the pickup address is different than the address specified in the customer's profile.
             *     Valid values:
             *     Y = Alternate address
             *     N = Original pickup address (default)
             */
            AlternateAddressIndicator: string;
            /**
             * @description Indicates the pickup timeframe.
             *     - 01 = Same-Day Pickup
             *     - 02 = Future-Day Pickup
             *     - 03 = A Specific-Day Pickup
             *
             *     If 03 is selected, then PickupDate, EarliestReadyTime, and LatestClosetime must be specified.
             */
            ServiceDateOption: string;
            PickupDateInfo?: components["schemas"]["PickupRateRequest_PickupDateInfo"];
            /**
             * @description Rate Type with which pickup is rated. Possible RateChart values for different regions will be:
             *
             *     US 48 origin:
             *     1 – Daily Rates
             *     3 – Standard List Rates
             *     4 – Retail Rates.
             *
             *      Alaska/Hawaii origin:
             *     1 – Daily Rates
             *     3 – Standard List Rates
             *     4 – Retail Rates.
             *
             *     All Other origins:
             *     1 – Rates
             *     5 - Regional Rates
             *     6 - General List Rates.
             *
             *     3 and 4 do not apply
             */
            RateChartType?: string;
            /**
             * @description Indicates whether to return detailed taxes for on-callpickups.
             *     Valid values:
             *     - Y = Rate this pickup with taxes
             *     - N = Do not rate this pickup with taxes (default)
             */
            TaxInformationIndicator?: string;
            /**
             * @description Indicates whether to return user level promo discount for the on-callpickups.
             *     Valid values:
             *     Y = Rate this pickup with user level promo discount
             *     N = Do not rate this pickup with user level promo discount(default)
             */
            UserLevelDiscountIndicator?: string;
        };
        /** @description Common element for all services */
        PickupRateRequest_Request: {
            /** @description Not used by pick up */
            RequestOption?: string;
            /**
             * @description When UPS introduces new elements in the response that are not associated with new request elements, Subversion is used. This ensures backward compatibility.
             *
             *     To get such elements you need to have the right Subversion. The value of the subversion is explained in the Response element Description. Supported values: 1607, 1707,2007
             *
             *     Example: Itemized Charges are returned only when the Subversion element is present and greater than or equal to '1601'.
             *
             *     Format: YYMM = Year and month of the release.
             *     Example: 1601 = 2016 January
             */
            SubVersion?: string;
            TransactionReference?: components["schemas"]["Request_TransactionReference"];
        };
        /** @description Transaction Reference Container */
        Request_TransactionReference: {
            /** @description The CustomerContext information that is echoed back during response. */
            CustomerContext?: string;
        };
        /** @description Shipper account information. */
        PickupRateRequest_ShipperAccount: {
            /** @description UPS account number.  Shipper's (requester of the pickup) UPS account number */
            AccountNumber: string;
            /**
             * @description Country code as defined by ISO-3166.
             *     Refer to Country or Territory Codes in the Appendix for valid values.
             */
            AccountCountryCode: string;
        };
        /** @description The address to pickup the packages */
        PickupRateRequest_PickupAddress: {
            /**
             * @description Detailed street address.
             *     For Jan. 2010 release, only one AddressLine is allowed.
             */
            AddressLine?: string;
            /** @description City or equivalent */
            City: string;
            /**
             * @description State province code or equivalent. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvince?: string;
            /** @description Postal code for countries with postal codes. */
            PostalCode: string;
            /**
             * @description Upper-case two-char long country code as defined by ISO-3166.
             *     Refer to Country or Territory Codes in the Appendix for valid values.
             */
            CountryCode: string;
            /**
             * @description Indicates if the pickup address is commerical or residential.
             *     Valid values:
             *     Y = Residential address
             *     N = Non-residential (Commercial) address (default)
             */
            ResidentialIndicator: string;
        };
        /**
         * @description Required if the ServiceDateOption is:
         *     03 A Specific-Day Pickup
         */
        PickupRateRequest_PickupDateInfo: {
            /**
             * @description The latest local close time. Format: HHmm
             *     - Hour: 0-23
             *     - Minute: 0-59
             */
            CloseTime: string;
            /**
             * @description The earliest local ready Time. Format: HHmm
             *     - Hour: 0-23
             *     - Minute: 0-59
             */
            ReadyTime: string;
            /**
             * @description The specific local pickup date. Format: yyyyMMdd
             *     - yyyy = Year Applicable
             *     - MM = 01-12
             *     - dd = 01-31
             */
            PickupDate: string;
        };
        /** @description The response of rating on-callpickup. */
        PickupRateResponse: {
            Response: components["schemas"]["PickupRateResponse_Response"];
            RateResult: components["schemas"]["PickupRateResponse_RateResult"];
            /**
             * @description Indicates if the pickup address qualifies for WST (Weekend Service Territory). Returned if the pickup date is Saturday and subversion greater or equal to 1607. Valid Values:
             *     - Y = WST
             *     - N = Non-WST
             */
            WeekendServiceTerritoryIndicator?: string;
            WeekendServiceTerritory?: components["schemas"]["PickupRateResponse_WeekendServiceTerritory"];
        };
        /** @description Response Container. */
        PickupRateResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description Response Status Container. */
        Response_ResponseStatus: {
            /**
             * @description Identifies the success of the transaction.
             *     - 1=Success
             *     - 0=failed
             */
            Code: string;
            /** @description Describes Response Status Code. */
            Description: string;
        };
        /** @description Alert Container. There can be zero to many alert containers with code and description. */
        Response_Alert: {
            /** @description Warning code returned by the system. */
            Code: string;
            /** @description Warning messages returned by the system. */
            Description: string;
        };
        /** @description Transaction Reference Container. */
        Response_TransactionReference: {
            /** @description The CustomerContext information that is echoed back during response. */
            CustomerContext?: string;
        };
        /** @description The result of rating an on-callpickup. */
        PickupRateResponse_RateResult: {
            Disclaimer?: components["schemas"]["RateResult_Disclaimer"];
            /**
             * @description Indicates the pickup is rated as same-day or future-day pickup.
             *     - SD = Same-day Pickup
             *     - FD = Future-day Pickup
             */
            RateType?: string;
            /** @description IATA currency codes for the pickup charge. Such as USD */
            CurrencyCode: string;
            ChargeDetail?: components["schemas"]["RateResult_ChargeDetail"][];
            TaxCharges?: components["schemas"]["RateResult_TaxCharges"][];
            /** @description The sum of all taxes. */
            TotalTax?: string;
            /** @description The grand total of each charge and applied tax. */
            GrandTotalOfAllCharge?: string;
            /** @description The grand total of each incented charge and applied tax. Only present if 1. UserLevelDiscountIndicator = Y and User Level Promotion is applied to the pickup or 2 .if any incentive rate is applied to the pickup and SubVersion on the request is greater than or equal to 1707. */
            GrandTotalOfAllIncentedCharge?: string;
            /** @description Total of charges before taxes. Only present when tax details requested in input. */
            PreTaxTotalCharge?: string;
            /** @description Total of incented charges before taxes. Only present if 1. UserLevelDiscountIndicator = Y and User Level Promotion is applied to the pickup or 2 .if any incentive rate is applied to the pickup and SubVersion on the request is greater than or equal to 1707. */
            PreTaxTotalIncentedCharge?: string;
        };
        /** @description Detailed charges. */
        RateResult_ChargeDetail: {
            /**
             * @description Indicates the general charge type
             *     - A = ACCESSORIAL TYPE
             *     - B = BASE CHARGE TYPE
             *     - S = SURCHARGE TYPE
             */
            ChargeCode: string;
            /**
             * @description Description of each charge.The possible descriptions are:
             *     - BASE CHARGE
             *     - EXTENDED AREA SURCHARGE
             *     - FUEL SURCHARGE
             *     - REMOTE AREA SURCHARGE
             *     - RESIDENTIAL SURCHARGE
             *     - SATURDAY ON-CALL STOP CHARGE
             */
            ChargeDescription?: string;
            /** @description Monetary value of the charge. */
            ChargeAmount: string;
            /** @description Monetary value of the incented charge. Only present if 1. UserLevelDiscountIndicator = Y and User Level Promotion is applied to the pickup or 2 .if any incentive rate is applied to the pickup and SubVersion on the request is greater than or equal to 1707. */
            IncentedAmount?: string;
            /** @description Monetary value of the tax if apply. */
            TaxAmount?: string;
        };
        /** @description Container to hold taxes when, detailed taxes are request via RateTaxIndicator. */
        RateResult_TaxCharges: {
            /**
             * @description Type of Tax code.
             *     Valid values: ALV, BTW, DDS, DDV, DPH, FPA, GST, IVA, IVA1, IVA2, IVA3, KM, MOMS, MWST, PDV, PST, PVM, PVN, QST, TVA, VAT, VSK.
             */
            Type: string;
            /** @description Monetary value of the tax. */
            MonetaryValue: string;
        };
        /** @description WeekendServiceTerritory Container.Returned if the  subversion greater or equal to 2007. */
        PickupRateResponse_WeekendServiceTerritory: {
            /**
             * @description Indicates if the pickup address qualifies for WST (Weekend Service Territory). Returned if the pickup date is Saturday and subversion greater or equal to 2007. Valid Values:
             *     - Y = Saturday WST
             *     - N = Non-Saturday WST
             */
            SatWST: string;
            /**
             * @description Indicates if the pickup address qualifies for WST (Weekend Service Territory). Returned if the pickup date is Sunday and subversion greater or equal to 2007. Valid Values:
             *     - Y = Sunday WST
             *     - N = Non-Sunday WST
             */
            SunWST: string;
        };
        /** @description N/A */
        PICKUPCancelRequestWrapper: {
            PickupCancelRequest: components["schemas"]["PickupCancelRequest"];
        };
        /** @description N/A */
        PICKUPCancelResponseWrapper: {
            PickupCancelResponse: components["schemas"]["PickupCancelResponse"];
        };
        /** @description This request is to cancel an on-callpickup. */
        PickupCancelRequest: {
            Request: components["schemas"]["PickupCancelRequest_Request"];
            /**
             * @description Cancel pickup by Pickup Request Number (PRN).
             *     - 01= Account Number
             *     - 02 = PRN
             */
            CancelBy: string;
            /**
             * @description The pickup request number (PRN) generated by UPS pickup system.
             *     Required if CancelBy = 02
             */
            PRN?: string;
        };
        /** @description Request Container. */
        PickupCancelRequest_Request: {
            TransactionReference?: components["schemas"]["Request_TransactionReference"];
        };
        /** @description The response for cancelling pickup(s) */
        PickupCancelResponse: {
            Response: components["schemas"]["PickupCancelResponse_Response"];
            /**
             * @description The type of pickup that has been cancelled.
             *     - 01 = On-Call Pickup
             */
            PickupType: string;
            GWNStatus?: components["schemas"]["PickupCancelResponse_GWNStatus"];
        };
        /** @description Response Container */
        PickupCancelResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description The status of Smart Pickup that has been cancelled. */
        PickupCancelResponse_GWNStatus: {
            /**
             * @description The status code defined by operation system.
             *     - 001 = User Triggered
             *     - 002 = User Cancelled
             *     - 003 = Completed
             *     - 004 = Missed
             *     - 005 = Not In
             *     - 006 = Not Ready
             *     - 007 = Closed
             *     - 008 = Cancelled By Driver
             *     - 999 = Unknown
             */
            Code: string;
            /** @description Please refer to /PickupPendingStatusResponse/PendingStatus/PickupStatusMessage */
            Description?: string;
        };
        /** @description N/A */
        PICKUPCreationRequestWrapper: {
            PickupCreationRequest: components["schemas"]["PickupCreationRequest"];
        };
        /** @description N/A */
        PICKUPCreationResponseWrapper: {
            PickupCreationResponse: components["schemas"]["PickupCreationResponse"];
        };
        /** @description This request is for scheduling an on-call pickup */
        PickupCreationRequest: {
            Request: components["schemas"]["PickupCreationRequest_Request"];
            /**
             * @description Indicates whether to rate the on-callpickup or not.
             *     Valid values:
             *     Y = Rate this pickup
             *     N = Do not rate this pickup (default)
             */
            RatePickupIndicator: string;
            /**
             * @description Rate Type with which pickup is rated. Possible RateChart values for different regions will be:
             *
             *     US 48 origin:
             *     - 1 – Daily Rates
             *     - 3 – Standard List Rates
             *     - 4 – Retail Rates.
             *
             *      Alaska/Hawaii origin:
             *     - 1 – Daily Rates
             *     - 3 – Standard List Rates
             *     - 4 – Retail Rates.
             *
             *     All Other origins:
             *     - 1 – Rates
             *     - 5 - Regional Rates
             *     - 6 - General List Rates.
             *
             *     3 and 4 do not apply
             */
            RateChartType?: string;
            /**
             * @description Indicates whether to return detailed taxes for the on-callpickups.
             *     Valid values:
             *     Y = Rate this pickup with taxes
             *     N = Do not rate this pickup with taxes (default)
             */
            TaxInformationIndicator?: string;
            /**
             * @description Indicates whether to return user level promo discount for the on-callpickups.
             *     Valid values:
             *     Y = Rate this pickup with user level promo discount
             *     N = Do not rate this pickup with user level promo discount(default)
             */
            UserLevelDiscountIndicator?: string;
            Shipper?: components["schemas"]["PickupCreationRequest_Shipper"];
            PickupDateInfo: components["schemas"]["PickupCreationRequest_PickupDateInfo"];
            PickupAddress: components["schemas"]["PickupCreationRequest_PickupAddress"];
            /**
             * @description Indicates if pickup address is a different address than that specified in a customer's profile.
             *     Valid values:
             *     Y = Alternate address
             *     N = Original pickup address (default)
             */
            AlternateAddressIndicator: string;
            PickupPiece: components["schemas"]["PickupCreationRequest_PickupPiece"][];
            TotalWeight?: components["schemas"]["PickupCreationRequest_TotalWeight"];
            /**
             * @description Indicates if at least any package is over 70 lbs or 32 kgs.
             *     Valid values:
             *     Y = Over weight
             *     N = Not over weight (default)  Not required for WWEF service.
             */
            OverweightIndicator?: string;
            TrackingData?: components["schemas"]["PickupCreationRequest_TrackingData"][];
            TrackingDataWithReferenceNumber?: components["schemas"]["PickupCreationRequest_TrackingDataWithReferenceNumber"];
            /**
             * @description The payment method to pay for this on call pickup.
             *     00 = No payment needed
             *     01 = Pay by shipper account
             *     03 = Pay by charge card
             *     04 = Pay by 1Z tracking number
             *     05 = Pay by check or money order
             *     06 = Cash(applicable only for these countries - BE,FR,DE,IT,MX,NL,PL,ES,GB,CZ,HU,FI,NO)
             *     07=Pay by PayPal
             *     Refer to Appendix # for valid payment methods for CZ, HU, FI and NO
             *       For countries and (or) zip codes where pickup is free of charge, please submit 00, means no payment needed as payment method.
             *     - If 01 is the payment method, then ShipperAccountNumber and ShipperAccount CountryCode must be provided.
             *     - If 03 is selected, then CreditCard information should be provided.
             *     - If 04 is selected, then the shipper agreed to pay for the pickup packages.
             *     - If 05 is selected, then the shipper will pay for the pickup packages with a check or money order.
             */
            PaymentMethod: string;
            /** @description Special handling instruction from the customer */
            SpecialInstruction?: string;
            /** @description Information entered by a customer for Privileged reference */
            ReferenceNumber?: string;
            FreightOptions?: components["schemas"]["PickupCreationRequest_FreightOptions"];
            /**
             * @description Service Category.
             *     Applicable to the following countries:
             *     BE, FR, DE, IT, MX, NL, PL, ES, GB
             *     Valid values:
             *     01 - domestic (default)
             *     02 - international
             *     03 - transborder
             */
            ServiceCategory?: string;
            /**
             * @description Describes the type of cash funds that the driver will collect.
             *     Applicable to the following countries:
             *     BE,FR,DE,IT,MX,NL,PL,ES,GB
             *     Valid values:
             *     01 - Pickup only (default)
             *     02 - Transportation only
             *     03 - Pickup and Transportation
             */
            CashType?: string;
            /** @description This element should be set to "Y" in the request to indicate that user has pre-printed shipping labels for all the packages, otherwise this will be treated as false. */
            ShippingLabelsAvailable?: string;
            Notification?: components["schemas"]["PickupCreationRequest_Notification"];
        };
        /** @description Common element for all services */
        PickupCreationRequest_Request: {
            /**
             * @description When UPS introduces new elements in the response that are not associated with new request elements, Subversion is used. This ensures backward compatibility.
             *
             *     To get such elements you need to have the right Subversion. The value of the subversion is explained in the Response element Description. Supported values: 1607, 1707,2007
             *
             *     Example: Itemized Charges are returned only when the Subversion element is present and greater than or equal to '1601'.
             *
             *     Format: YYMM = Year and month of the release.
             *     Example: 1601 = 2016 January
             */
            SubVersion?: string;
            TransactionReference?: components["schemas"]["Request_TransactionReference"];
        };
        /**
         * @description On-call pickup shipper or requestor information.   Must provide when choose to pay the pickup by shipper account number, BillThirdParty account number, or BillReceiver account number.
         *     It is optional if the shipper chooses any other payment method. However, it is highly recommended to provide if available.
         */
        PickupCreationRequest_Shipper: {
            Account?: components["schemas"]["Shipper_Account"];
            ChargeCard?: components["schemas"]["Shipper_ChargeCard"];
        };
        /**
         * @description Shipper account information.
         *     Must provide when choose to pay the pickup by shipper account number
         */
        Shipper_Account: {
            /** @description UPS account number.  Shipper's (requester of the pickup) UPS account number */
            AccountNumber: string;
            /**
             * @description Country or territory code as defined by ISO-3166.
             *     Refer to Country or Terriotry Codes in the Appendix for valid values.
             */
            AccountCountryCode: string;
        };
        /** @description Container for Charge Card payment method  Required if Payment method is 03. Credit/Charge card payment is valid for US, CA, PR and GB origin pickups. */
        Shipper_ChargeCard: {
            /** @description Charge card holder name. If the name is not provided, defaults to "No Name Provided". */
            CardHolderName?: string;
            /**
             * @description Charge card type. Valid values:
             *     - 01 = American Express
             *     - 03 = Discover
             *     - 04 = Mastercard
             *     - 06 = VISA  Discover card Pickup country US only.
             */
            CardType: string;
            /** @description Charge card number.  For Privileged clients, this element must be tokenized card number. */
            CardNumber: string;
            /**
             * @description Credit card expiration date.
             *     Format: yyyyMM
             *     yyyy = 4 digit year, valid value current year - 10 years.
             *     MM = 2 digit month, valid values 01-12
             */
            ExpirationDate: string;
            /**
             * @description Three or four digits that can be found either on top of credit card number or on the back of credit card.
             *     Number of digits varies for different type of credit card.  Valid values are 3 or 4 digits.
             *     Security code is required if credit card information is provided.
             */
            SecurityCode: string;
            CardAddress: components["schemas"]["ChargeCard_CardAddress"];
        };
        /** @description Container to hold the Charge card address. */
        ChargeCard_CardAddress: {
            /** @description Address Lines of the credit card billing address.  Max of three address lines can be provided. */
            AddressLine?: string[];
            /** @description Charge card billing city */
            City?: string;
            /**
             * @description Charge card billing State province code. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvince?: string;
            /** @description Charge card billing address postal code.  This is a required field for postal countries. */
            PostalCode?: string;
            /**
             * @description Charge card billing address country or territory code defined by ISO-3166.
             *
             *     Upper-case two letter string. For Discover card it should be US.
             */
            CountryCode: string;
        };
        /** @description The container of desired pickup date */
        PickupCreationRequest_PickupDateInfo: {
            /**
             * @description Pickup location's local close time.
             *     - User provided Close Time must be later than the Earliest Allowed Customer Close Time.
             *     - Earliest Allowed Customer Close Time is defined by UPS pickup operation system.
             *     - CloseTime minus ReadyTime must be greater than the LeadTime.
             *     - LeadTime is determined by UPS pickup operation system. LeadTime is the minimum amount of time UPS requires between customer's request for a pickup and driver arriving at the location for the pickup.
             *
             *     Format: HHmm
             *     - Hour: 0-23
             *     - Minute: 0-59
             */
            CloseTime: string;
            /**
             * @description Pickup location's local ready time.
             *     ReadyTime means the time when your shipment(s) can be ready for UPS to pick up.
             *     - User provided ReadyTime must be earlier than CallByTime.
             *     - CallByTime is determined by UPS pickup operation system. CallByTime is the Latest time a Customer can call UPS or self-serve on UPS.com and complete a Pickup Request and UPS can still make the Pickup service request.
             *     - If ReadyTime is earlier than current local time, UPS uses the current local time as the ReadyTime.  Format: HHmm
             *     Hour: 0-23
             *     Minute: 0-59
             */
            ReadyTime: string;
            /**
             * @description Local pickup date of the location. Format: yyyyMMdd
             *     - yyyy = Year Appliable
             *     - MM = 01–12
             *     - dd = 01–31
             */
            PickupDate: string;
        };
        /** @description The container of pickup address. */
        PickupCreationRequest_PickupAddress: {
            /** @description Company name */
            CompanyName: string;
            /** @description Name of contact person */
            ContactName: string;
            /** @description Detailed street address. For Jan. 2010 release, only one AddressLine is allowed */
            AddressLine: string[];
            /** @description Room number */
            Room?: string;
            /** @description Floor number */
            Floor?: string;
            /** @description City or equivalent */
            City: string;
            /**
             * @description State or province for postal countries; county for Ireland (IE) and district code for Hong Kong (HK). Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             */
            StateProvince?: string;
            /**
             * @description - Barrio for Mexico (MX)
             *     - Urbanization for Puerto Rico (PR)
             *     - Shire for United Kingdom (UK)
             */
            Urbanization?: string;
            /** @description Postal code or equivalent for postal countries */
            PostalCode?: string;
            /**
             * @description The pickup country or territory code as defined by ISO-3166.
             *     Refer to Country or Territory Codes in the Appendix for valid values.
             */
            CountryCode: string;
            /**
             * @description Indicates if the pickup address is commercial or residential.
             *     Valid values:
             *     Y = Residential address
             *     N = Non-residential (Commercial) address (default)
             */
            ResidentialIndicator: string;
            /** @description The specific spot to pickup at the address. */
            PickupPoint?: string;
            Phone: components["schemas"]["PickupAddress_Phone"];
        };
        /** @description Contact telephone number. */
        PickupAddress_Phone: {
            /** @description Phone number */
            Number: string;
            /** @description Phone extension */
            Extension?: string;
        };
        /**
         * @description The container providing the information about how many items should be picked up.
         *     The total number of return and forwarding packages cannot exceed 9,999.
         */
        PickupCreationRequest_PickupPiece: {
            /** @description Refer to Service Codes in the Appendix for valid values. */
            ServiceCode: string;
            /**
             * @description Number of pieces to be picked up.
             *     Max per service: 999
             */
            Quantity: string;
            /**
             * @description The destination country code as defined by ISO-3166.
             *     Refer to Country or Territory Codes in the Appendix for valid values.
             */
            DestinationCountryCode: string;
            /**
             * @description Container type. Valid values:
             *     - 01 = PACKAGE
             *     - 02 = UPS LETTER
             *     - 03 = PALLET
             *
             *     Note: 03 is used for only WWEF services
             */
            ContainerCode: string;
        };
        /** @description Container for the total weight of all the items. */
        PickupCreationRequest_TotalWeight: {
            /**
             * @description The weight of the package.
             *     One decimal digit is allowed. Example: 10.9
             */
            Weight: string;
            /**
             * @description The code representing the unit of measurement associated with the package.
             *     LBS = Pounds
             *     KGS = Kilograms
             */
            UnitOfMeasurement: string;
        };
        /**
         * @description Container for Return Service and Forward Tracking Numbers.  Accept no more than 30 TrackingData.
         *
         *     TrackingDataWithReferenceNumber and TrackingData container cannot be present at the same time.
         */
        PickupCreationRequest_TrackingData: {
            /** @description Tracking number for return shipment or forward shipment packages.  Tracking number(s) that have been previously used to pay for on-call pickup cannot be used again. */
            TrackingNumber?: string;
        };
        /** @description Container for Tracking Number with its associated reference numbers.  This container should be populated to provide visibility into shipment tied to pickup being scheduled.  TrackingDataWithReferenceNumber and TrackingData container cannot be present at the same time. */
        PickupCreationRequest_TrackingDataWithReferenceNumber: {
            /** @description Tracking number for shipment packages. */
            TrackingNumber: string;
            /** @description The reference number associated with the tracking number. */
            ReferenceNumber?: string[];
        };
        /** @description Container will be used to indicate Service options, add optional Original service center, destination address and shipment details related to the UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday. */
        PickupCreationRequest_FreightOptions: {
            ShipmentServiceOptions?: components["schemas"]["FreightOptions_ShipmentServiceOptions"];
            /** @description Origin SLIC. This will be obtained from submitting a pickup service center request. See PickupGetFacilitiesServiceCenterRequest. */
            OriginServiceCenterCode?: string;
            /** @description Country or territory of Service Center SLIC chosen to drop off. */
            OriginServiceCountryCode?: string;
            DestinationAddress?: components["schemas"]["FreightOptions_DestinationAddress"];
            ShipmentDetail: components["schemas"]["FreightOptions_ShipmentDetail"];
        };
        /** @description Supports various optional indicators */
        FreightOptions_ShipmentServiceOptions: {
            /** @description Presence indicates OriginLiftGateRequiredIndicator is present.  Conditionally requirements. Must not be present if DropOffAtUPSFacilityIndicator is true */
            OriginLiftGateIndicator?: string;
            /** @description Identifies service center location information for Origin List of UPS Facilities. */
            DropoffAtUPSFacilityIndicator?: string;
            /** @description Identifies service center location information for Destination of UPS Facilities. */
            HoldForPickupIndicator?: string;
        };
        /** @description Destination Address Container. */
        FreightOptions_DestinationAddress: {
            /** @description The city of pickup address if available.  It is required for non-postal country Ireland (IE). */
            City?: string;
            /**
             * @description 1. It means district code for Hong Kong (HK)
             *     2. It means county for Ireland (IE)
             *     3. It means state or province for all the postal countries  It is required for non-postal countries including HK and IE.
             */
            StateProvince?: string;
            /** @description Postal Code for postal countries.  It does not apply to non-postal countries such as IE and HK */
            PostalCode?: string;
            /**
             * @description The pickup country or territory code as defined by ISO-3166.
             *     Refer to Country or Territory Codes in the Appendix for valid values.  Upper-case two-letter string.
             */
            CountryCode: string;
        };
        /** @description Refers to the ShipmentDetail Container under Freight Options */
        FreightOptions_ShipmentDetail: {
            /** @description Indicates hazardous materials */
            HazmatIndicator?: string;
            PalletInformation?: components["schemas"]["ShipmentDetail_PalletInformation"];
        };
        /** @description Container for pickup notification */
        PickupCreationRequest_Notification: {
            /** @description Email address where the pickup notification is sent. */
            ConfirmationEmailAddress?: string;
            /** @description Email address for used exceptions. */
            UndeliverableEmailAddress?: string;
        };
        /** @description Pallet Details. */
        ShipmentDetail_PalletInformation: {
            Dimensions?: components["schemas"]["PalletInformation_Dimensions"];
        };
        /** @description Dimensions of largest pallet */
        PalletInformation_Dimensions: {
            UnitOfMeasurement: components["schemas"]["Dimensions_UnitOfMeasurement"];
            /** @description Dimension length of pallet. */
            Length: string;
            /** @description Dimension width of pallet. */
            Width: string;
            /** @description Dimension height of pallet. */
            Height: string;
        };
        /** @description The code representing the unit of measurement associated with the package. */
        Dimensions_UnitOfMeasurement: {
            /**
             * @description - IN = Inches
             *     - CM = Centimeters
             */
            Code: string;
            /** @description See Code above. */
            Description?: string;
        };
        /** @description The response for scheduling an on-callpickup. */
        PickupCreationResponse: {
            Response: components["schemas"]["PickupCreationResponse_Response"];
            /** @description Pickup Request Number generated by UPS pickup system when a successful pickup is scheduled.Same PRN will be returned if a pickup request already exists for a pickup address/ point. */
            PRN?: string;
            WeekendServiceTerritory?: components["schemas"]["PickupCreationResponse_WeekendServiceTerritory"];
            /**
             * @description Indicates if the pickup address qualifies for WST (Weekend Service Territory). Returned if the pickup date is Saturday and subversion greater or equal to 1607. Valid Values:
             *     - Y = WST
             *     - N = Non-WST
             */
            WeekendServiceTerritoryIndicator?: string;
            RateStatus: components["schemas"]["PickupCreationResponse_RateStatus"];
            RateResult?: components["schemas"]["PickupCreationResponse_RateResult"];
        };
        /** @description Response Container. */
        PickupCreationResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description WeekendServiceTerritory Container.Returned if the  subversion greater or equal to 2007. */
        PickupCreationResponse_WeekendServiceTerritory: {
            /**
             * @description Indicates if the pickup address qualifies for WST (Weekend Service Territory). Returned if the pickup date is Saturday and subversion greater or equal to 2007. Valid Values:
             *     - Y = Saturday WST
             *     - N = Non-Saturday WST
             */
            SatWST: string;
            /** @description Indicates if the pickup address qualifies for WST (Weekend Service Territory). Returned if the pickup date is Sunday and subversion greater or equal to 2007. Valid Values: - Y = Sunday WST - N = Non-Sunday WST */
            SunWST: string;
        };
        /** @description The rating result of on-callpickup */
        PickupCreationResponse_RateStatus: {
            /**
             * @description The rating status.
             *     - 01 = Rate available
             *     - 02 = Rate not available
             *     - 03 = Rate not apply
             *     - 04 = Rate not requested
             *
             *     - If 01 is returned, then OnCallPickupRateResult will also be returned with rate details.
             *     - If 02 is returned, then OnCallPickupRateResult will not be returned.
             *     - If 03 is returned, then OnCallPickupRateResult will not be returned. The rate option is not appliable to this return pickup. The requester will not be charged.
             *     - If 04 is returned, then OnCallPickupRateResult will not be returned. The requester did not ask for rating this on-callpickup.
             */
            Code: string;
            /** @description The matching description of rating status code (see above). */
            Description?: string;
        };
        /** @description The result of rating on-callpickup. It correlates to rate status code 01 */
        PickupCreationResponse_RateResult: {
            Disclaimer?: components["schemas"]["RateResult_Disclaimer"];
            /**
             * @description Indicates this pickup is rated as same-day or future-day pickup.
             *     - SD = Same-day Pickup
             *     - FD = Future-day Pickup
             */
            RateType?: string;
            /** @description IATA currency codes for the pickup charge. Such as USD */
            CurrencyCode?: string;
            /**
             * @description Container to hold taxes when, detailed taxes are request via RateTaxIndicator.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ChargeDetail?: components["schemas"]["RateResult_ChargeDetail"][];
            /**
             * @description Container to hold taxes when, detailed taxes are request via RateTaxIndicator.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            TaxCharges?: components["schemas"]["RateResult_TaxCharges"][];
            /** @description The sum of all taxes. */
            TotalTax?: string;
            /** @description The grand total of each charge and applied tax. */
            GrandTotalOfAllCharge: string;
            /** @description The grand total of each incented charge and applied tax. Only present if 1. UserLevelDiscountIndicator = Y and User Level Promotion is applied to the pickup or 2 .if any incentive rate is applied to the pickup and SubVersion on the request is greater than or equal to 1707. */
            GrandTotalOfAllIncentedCharge?: string;
            /** @description Total of charges before taxes. Only present when tax details requested in input. */
            PreTaxTotalCharge?: string;
            /** @description Total of incented charges before taxes. Only present if 1. UserLevelDiscountIndicator = Y and User Level Promotion is applied to the pickup or 2 .if any incentive rate is applied to the pickup and SubVersion on the request is greater than or equal to 1707. */
            PreTaxTotalIncentedCharge?: string;
        };
        /** @description Container to hold Disclaimer message applicable to taxes and charges. Available only when tax information is requested. */
        RateResult_Disclaimer: {
            /**
             * @description Disclaimer code. Valid values:
             *     - 01 = Taxes are included in the shipping cost and apply to the transportation charges but additional duties/taxes may apply and are not reflected in the total amount due.
             *     - 02 = Additional duties/taxes may apply and are not reflected in the total amount due.
             *     - 03 = Additional duties/taxes may apply and are not reflected in the total amount due.
             *     - 04 = Taxes were unable to be determined and may apply to the shipment.
             *     - 05 = Rate excludes VAT. Rate includes a fuel surcharge, but excludes taxes, duties and other charges that may apply to the shipment.
             */
            Code: string;
            /** @description Description of Disclaimer. */
            Description: string;
        };
        /** @description null */
        PICKUPTriggerGWNRequestWrapper: {
            PickupTriggerGWNRequest: components["schemas"]["PickupTriggerGWNRequest"];
        };
        /** @description null */
        PICKUPTriggerGWNResponseWrapper: {
            PickupTriggerGWNResponse: components["schemas"]["PickupTriggerGWNResponse"];
        };
        /** @description Request to trigger a Smart Pickup (GWN - Green When Needed). This flow applies to accounts enabled for Smart Pickup and supports same-day or future-day pickup requests. Unlike regular Pickup Creation, Smart Pickup does not require a separate Shipper object - it uses the pickup address pre-configured on the UPS account. */
        PickupTriggerGWNRequest: {
            Request: components["schemas"]["PickupCreationRequest_Request"];
            /**
             * @description The UPS account number configured for Smart Pickup. Must be a valid 6-character alphanumeric UPS account number associated with the authenticated user. The pickup address and notification preferences are retrieved from this account.
             * @example 1004YY
             */
            AccountNumber: string;
            /**
             * @description Specifies when the pickup should be scheduled.
             *     - 01 -- Same Day - Request pickup for today
             *     - 02 -- Future Day - Request pickup for next available business day
             *
             *      If same-day is requested but cutoff time has passed,the pickup will be automatically scheduled for the next business day.
             * @example 01
             */
            ServiceDateOption: string;
        };
        /** @description Response from Smart Pickup trigger request. */
        PickupTriggerGWNResponse: {
            Response?: components["schemas"]["PickupCreationResponse_Response"];
            /**
             * @description The scheduled pickup date.
             * @example 20260128
             */
            ServiceDate?: string;
            /**
             * @description Indicates if the pickup was scheduled for the next business day instead
             *     of the requested same-day pickup. Present only when same-day cutoff time has passed.
             *     - Y -- Pickup scheduled for next business day.
             * @example Y
             */
            NextBusinessDayIndicator?: string;
            /**
             * @description Pickup Reference Number - unique identifier for the scheduled pickup. Use this number to track or cancel the pickup.
             * @example GPE58AB041C
             */
            PRN?: string;
            TriggerStatus?: components["schemas"]["PickupTriggerGWNResponse_TriggerStatus"];
        };
        /** @description Status of the Smart Pickup trigger operation */
        PickupTriggerGWNResponse_TriggerStatus: {
            /**
             * @description Status code indicating the result.
             *     - 01 -- NEW - New pickup scheduled
             *     - 02 -- EXISTING - Pickup already exists for this date
             * @example 01
             */
            Code?: string;
            /**
             * @description Human readable description of the trigger status.
             * @example NEW
             */
            Description?: string;
        };
        /** @description N/A */
        PICKUPPolDivRequestWrapper: {
            PickupGetPoliticalDivision1ListRequest: components["schemas"]["PickupGetPoliticalDivision1ListRequest"];
        };
        /** @description N/A */
        PICKUPPolDivResponseWrapper: {
            PickupGetPoliticalDivision1ListResponse: components["schemas"]["PickupGetPoliticalDivision1ListResponse"];
        };
        /** @description This request is for client to get a list of valid Political Division 1s/State field for a specific country or territory */
        PickupGetPoliticalDivision1ListRequest: {
            Request: components["schemas"]["PickupGetPoliticalDivision1ListRequest_Request"];
            /** @description Specifies the country for which the list of Political Division 1 will be returned if available. */
            CountryCode: string;
        };
        /** @description Common element for all services */
        PickupGetPoliticalDivision1ListRequest_Request: {
            TransactionReference?: components["schemas"]["Request_TransactionReference"];
        };
        /** @description The response for getting a list of valid Political Division 1 or State field in the specified country or territory. */
        PickupGetPoliticalDivision1ListResponse: {
            Response: components["schemas"]["PickupGetPoliticalDivision1ListResponse_Response"];
            /** @description The Political Division 1/State Field. */
            PoliticalDivision1?: string[];
        };
        /** @description Response Container. */
        PickupGetPoliticalDivision1ListResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description N/A */
        PICKUPServCenterRequestWrapper: {
            PickupGetServiceCenterFacilitiesRequest: components["schemas"]["PickupGetServiceCenterFacilitiesRequest"];
        };
        /** @description N/A */
        PICKUPServCenterResponseWrapper: {
            PickupGetServiceCenterFacilitiesResponse: components["schemas"]["PickupGetServiceCenterFacilitiesResponse"];
        };
        /** @description This request is to retrieve UPS Facility location information including location address, phone number, SLIC, and hours of operation for pick-up and drop-off requests */
        PickupGetServiceCenterFacilitiesRequest: {
            Request: components["schemas"]["PickupGetServiceCenterFacilitiesRequest_Request"];
            PickupPiece: unknown;
            OriginAddress?: components["schemas"]["PickupGetServiceCenterFacilitiesRequest_OriginAddress"];
            DestinationAddress?: components["schemas"]["PickupGetServiceCenterFacilitiesRequest_DestinationAddress"];
            /**
             * @description Origin Country or Territory Locale.  Locale should be Origin Country. Example: en_US.
             *     The Last 50 instruction will be send based on this locale. Locale is required if PoximityIndicator is present for Drop Off facilities.
             */
            Locale: string;
            /** @description Proximity Indicator. Indicates the user requested the proximity search for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday locations for the origin address and/or the airport code, and the sort code for destination address. */
            ProximitySearchIndicator?: string;
        };
        /** @description Container for the Request. */
        PickupGetServiceCenterFacilitiesRequest_Request: {
            TransactionReference?: components["schemas"]["Request_TransactionReference"];
        };
        /** @description Pickup Piece Container. */
        PickupGetServiceCenterFacilitiesRequest_PickupPiece: {
            /**
             * @description The service code.
             *     96 = WWEF  Required for WWEF shipments.
             */
            ServiceCode: string;
            /**
             * @description The container type
             *     03 = PALLET  Required for WWEF shipments.
             */
            ContainerCode: string;
        };
        /** @description Indicates the address of the shipper to allow for the nearest Drop off facility Search.  Conditionally required for drop off location search. */
        PickupGetServiceCenterFacilitiesRequest_OriginAddress: {
            /** @description Indicates the address of the shipper to allow for the nearest Drop off facility Search.  Conditionally required if proximitySearchIndicator is present. */
            StreetAddress?: string;
            /** @description Indicates the address of the shipper to allow for the nearest Drop off facility Search  Conditionally required if proximitySearchIndicator is present. */
            City?: string;
            /**
             * @description Indicates the address of the shipper to allow for the nearest Drop off facility Search. Conditionally required if proximitySearchIndicator is present and if country or territory is US/CA/IE/HK.
             *
             *     Required for Vietnam (VN).
             *     For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             */
            StateProvince?: string;
            /** @description Indicates the address of the shipper to allow for the nearest Drop off facility Search  Conditionally required if proximitySearchIndicator is present and if country or territory has postal code.It does not apply to non-postal countries such as IE and HK. */
            PostalCode?: string;
            /** @description Indicates the address of the shipper to allow for the nearest Drop off facility Search */
            CountryCode: string;
            OriginSearchCriteria?: components["schemas"]["OriginAddress_OriginSearchCriteria"];
        };
        /** @description Origin Search Criteria Container  Required if Proximity SearchIndicator is present. */
        OriginAddress_OriginSearchCriteria: {
            /**
             * @description Search Request range. Valied values:
             *     - 1 to 200
             *
             *     Default: 200
             */
            SearchRadius?: string;
            /** @description Unit of Measure  Required if ProximitySearchIndicator is present. Example: MI or KM */
            DistanceUnitOfMeasure: string;
            /**
             * @description Maximum Number of locations. Valied values:
             *     - 1 to 100
             *
             *     Default: 100
             */
            MaximumLocation?: string;
        };
        /** @description DestinationAddress container.  Conditionally required for pickup location search. */
        PickupGetServiceCenterFacilitiesRequest_DestinationAddress: {
            /** @description Indicates the address of the consignee to allow for the nearest Pickup facility Search.  Required for non-postal country Ireland (IE). */
            City?: string;
            /**
             * @description Indicates the address of the consignee to allow for the nearest Pickup facility Search.
             *     1 = District code for Hong Kong (HK)
             *     2 = County for Ireland (IE)
             *     3 = State or province for all the postal countries  Required for non-postal countries including HK and IE.
             *
             *     Required for US, Canada, and Vietnam (VN).
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             */
            StateProvince?: string;
            /** @description Indicates the address of the consignee to allow for the nearest Pickup facility Search  It does not apply to non-postal countries. Example: IE and HK. */
            PostalCode?: string;
            /** @description The pickup country or territory code as defined by ISO-3166. Please check check separate pickup country or territory list to find out all the pickup eligible countries. */
            CountryCode: string;
        };
        /** @description Returns service center location information for Origin UPS Facilities and Destination Facilities */
        PickupGetServiceCenterFacilitiesResponse: {
            Response: components["schemas"]["PickupGetServiceCenterFacilitiesResponse_Response"];
            ServiceCenterLocation: components["schemas"]["PickupGetServiceCenterFacilitiesResponse_ServiceCenterLocation"];
        };
        /** @description Container for response. */
        PickupGetServiceCenterFacilitiesResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description Locations of the nearest Service Center for Dropoff and Pickup */
        PickupGetServiceCenterFacilitiesResponse_ServiceCenterLocation: {
            DropOffFacilities?: components["schemas"]["ServiceCenterLocation_DropOffFacilities"][];
            PickupFacilities?: components["schemas"]["ServiceCenterLocation_PickupFacilities"];
        };
        /** @description Returns information for DropOff Facilities. This includes name of facility, address, business hours, and SLIC. */
        ServiceCenterLocation_DropOffFacilities: {
            /** @description Name of the Facility. */
            Name: string;
            Address: components["schemas"]["DropOffFacilities_Address"];
            /** @description SLIC code for the UPS Drop off facility. */
            SLIC: string;
            /** @description FRT for Freight or PKG for Package */
            Type: string;
            /**
             * @description Facility's Timezone. Format:
             *     - America/New_York
             *     - Asia/Hong_Kong
             *     - Europe/London
             */
            Timezone: string;
            /** @description Phone Number of the Drop off Facility */
            Phone: string;
            /** @description Drop off Facilities Fax Number */
            Fax: string;
            FacilityTime?: components["schemas"]["DropOffFacilities_FacilityTime"];
            /** @description Type of Facility. */
            OriginOrDestination: string;
            LocalizedInstruction?: components["schemas"]["DropOffFacilities_LocalizedInstruction"][];
            Distance?: components["schemas"]["DropOffFacilities_Distance"];
        };
        /** @description Address of the facility. */
        DropOffFacilities_Address: {
            /** @description Address Line of the Facility. */
            AddressLine: string & (string[] | string);
            /** @description Facilities City. */
            City: string;
            /** @description Facility state or province code. */
            StateProvince: string;
            /** @description Facility Postal Code. */
            PostalCode: string;
            /** @description UPS Drop Off facility country or territory code. */
            CountryCode: string;
            /**
             * @description Indicates if the pickup address is a residential place or not.
             *     Valid Values:
             *     Y = Residential address
             *     N = Non-residential (Commercial) address (default)
             */
            ResidentialIndicator: string;
        };
        /** @description Facility Time Container */
        DropOffFacilities_FacilityTime: {
            DayOfWeek: components["schemas"]["FacilityTime_DayOfWeek"][];
        };
        /** @description Facility Hours of Operation Container */
        FacilityTime_DayOfWeek: {
            /** @description Day of the week. Mon-Sun */
            Day: string;
            /** @description Earliest time that a customer can drop-off a package. */
            EarliestDropOfforPickup?: string;
            /** @description Latest time that a customer can drop-off a package. */
            LatestDropOfforPickup?: string;
            /**
             * @description Facility Open Hours. The latest local open time. Format: HHmm
             *     - Hour: 0-23
             *     - Minute: 0-59
             */
            OpenHours: string;
            /**
             * @description Facility Close Hours. The latest local close time. Format: HHmm
             *     - Hour: 0-23
             *     - Minute: 0-59
             */
            CloseHours: string;
            /** @description Time required by the facility to prepare your shipment for movement */
            PrepTime?: string;
            /** @description Cut-off time for drop off that day. */
            LastDrop?: string;
        };
        /** @description Localized Instruction Container.  Localized Instructions will be returned for drop off location search by proximity order. */
        DropOffFacilities_LocalizedInstruction: {
            /** @description Locale. Example: en_US */
            Locale?: string;
            /**
             * @description Last 50ft instructions that relates to an available facility and depend on the locale passing in request.
             *     Last 50 feet instruction in the language asked in request or the English for that country.
             */
            Last50ftInstruction?: string;
        };
        /** @description Distance from origin  Distance will be retuned for drop off location search by proximity order. */
        DropOffFacilities_Distance: {
            /**
             * @description Distance from origin address. Distance based on distance UOM in request.
             *
             *     Numeric value up to 200 and .2 decimal positions. Distance will be retuned for drop off location search by proximity order.
             */
            Value?: string;
            /**
             * @description Unit Of Measure.
             *     Example: MI or KM
             */
            UnitOfMeasurement?: string;
        };
        /** @description Returns information for Pickup Facilities. This includes name of facility, address, and business hours. */
        ServiceCenterLocation_PickupFacilities: {
            /** @description Name of the facility */
            Name: string;
            Address: components["schemas"]["PickupFacilities_Address"];
            /** @description SLIC code for the UPS Pickup facility */
            SLIC: string;
            /** @description Freight or Package. */
            Type: string;
            /**
             * @description Facility's Timezone. Format:
             *     - America/New_York
             *     - Asia/Hong_Kong
             *     - Europe/London
             */
            Timezone: string;
            /** @description Phone Number of the Pickup Facility */
            Phone: string;
            /** @description Pickup Facilities Fax Number */
            Fax: string;
            FacilityTime?: components["schemas"]["PickupFacilities_FacilityTime"];
            /**
             * @description AirPort Code for destination/pickup facility.
             *     Example: ATL (Atlanta)
             *     If Airport code is not present "---" will be returned.
             */
            AirportCode?: string;
            /**
             * @description Sort Code for destination/pickup facility.
             *     Example: V1
             */
            SortCode?: string;
        };
        /** @description Address of the facility */
        PickupFacilities_Address: {
            /** @description Address Line of the Facility. */
            AddressLine: string;
            /** @description Facilities City. */
            City: string;
            /** @description Facility state or province code. */
            StateProvince: string;
            /** @description Facility Postal Code. */
            PostalCode: string;
            /** @description UPS Pickup facility country or territory code. */
            CountryCode: string;
            /**
             * @description Indicates if the pickup location is commerical or residential.
             *     Valid values:
             *     Y = Residential address
             *     N = Non-residential (Commercial) address (default)
             */
            ResidentialIndicator: string;
        };
        /** @description Facility Time Container */
        PickupFacilities_FacilityTime: {
            DayOfWeek: components["schemas"]["PickupFacilities_FacilityTime_DayOfWeek"][];
        };
        /** @description Facility Hours of Operation Container */
        PickupFacilities_FacilityTime_DayOfWeek: {
            /** @description Day of the week. Mon-Sun */
            Day: string;
            /** @description Earliest time that a customer can pick up a package. */
            EarliestDropOfforPickup?: string;
            /** @description Latest time that a customer can pick up a package. */
            LatestDropOfforPickup?: string;
            /**
             * @description Facility Open Hours. The latest local open time. Format: HHmm
             *     - Hour: 0-23
             *     - Minute: 0-59
             */
            OpenHours: string;
            /**
             * @description Facility Close Hours. The latest local close time. Format: HHmm
             *     - Hour: 0-23
             *     - Minute: 0-59
             */
            CloseHours: string;
            /** @description Preparation time for hold for pickup  Conditionally required if request is for hold for pickup. */
            PrepTime?: string;
            /** @description Latest time a package, requiring preparation can be dropped off (Close time - Prep time). */
            LastDrop?: string;
        };
        /** @description N/A */
        PICKUPPendingRequestWrapper: {
            PickupPendingStatusRequest: components["schemas"]["PickupPendingStatusRequest"];
        };
        /** @description N/A */
        PICKUPPendingResponseWrapper: {
            PickupPendingStatusResponse: components["schemas"]["PickupPendingStatusResponse"];
        };
        /** @description This request is used to get the pending pickup status. */
        PickupPendingStatusRequest: {
            Request: components["schemas"]["PickupPendingStatusRequest_Request"];
            /**
             * @description Specify the type of pending pickup.
             *     01 = On-Call Pickup
             */
            PickupType: string;
            /** @description The specific account number belongs to the shipper */
            AccountNumber: string;
        };
        /** @description Common element for all services. */
        PickupPendingStatusRequest_Request: {
            TransactionReference?: components["schemas"]["Request_TransactionReference"];
        };
        /** @description The response of the pending status for on-callpickup. */
        PickupPendingStatusResponse: {
            Response: components["schemas"]["PickupPendingStatusResponse_Response"];
            PendingStatus: components["schemas"]["PickupPendingStatusResponse_PendingStatus"][];
        };
        /** @description Response Container. */
        PickupPendingStatusResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description The result of retrieving pending pickups. */
        PickupPendingStatusResponse_PendingStatus: {
            /**
             * @description Specify the type of pending pickup.
             *     - 01 = on-callPickup
             */
            PickupType: string;
            /**
             * @description Local service date. Format: yyyyMMdd
             *     - yyyy = Year applicable
             *     - MM = 01-12
             *     - dd = 01-31
             */
            ServiceDate: string;
            /** @description Returned PRN */
            PRN: string;
            /** @description Status code for Smart Pickup. */
            GWNStatusCode?: string;
            /** @description A unique string identifier to identify a success pre-notification processing. Only available if end result is success. */
            OnCallStatusCode?: string;
            /**
             * @description The status for on-callpickup.
             *
             *     PickupPendingStatusResponse will only display incomplete status for today and tomorrow only.
             *     - 002 and 012 are the most common responses.
             *     - 001 = Received at dispatch
             *     - 002 = Dispatched to driver
             *     - 003 = Order successfully completed
             *     - 004 = Order unsuccessfully completed
             *     - 005 = Missed commit – Updated ETA supplied by driver
             *     - 007 = Cancelled
             *     - 008 = Order has invalid order status
             *     - 012 = Your pickup request is being processed
             */
            PickupStatusMessage: string;
            /**
             * @description Pickup billing classification for on call
             *     - 01 = Regular
             *     - 02 = Return
             *     - 03 = Alternate Address (Not supported for now)
             */
            BillingCode?: string;
            /** @description on-callpickup contact name */
            ContactName?: string;
            /** @description Customer provided reference number for on-call pickup */
            ReferenceNumber?: string;
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
    "Pickup Pending Status": {
        parameters: {
            query?: never;
            header: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
                /**
                 * @description The specific account number that belongs to the
                 *     shipper.Length 6 or 10
                 */
                AccountNumber: string;
            };
            path: {
                /**
                 * @description Version of API
                 *
                 *     Valid values:
                 *     - v2409
                 */
                version: string;
                /**
                 * @description Type of pickup. Valid values:
                 *     oncall
                 *     smart
                 *     both. Length 6
                 */
                pickuptype: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PICKUPPendingResponseWrapper"];
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
    "Pickup Rate": {
        parameters: {
            query?: never;
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description Version of the API.
                 *
                 *     Valid values:
                 *     - v2409
                 */
                version: string;
                /**
                 * @description Type of pickup. Valid values:
                 *     oncall
                 *     smart
                 *     both. Length 6
                 */
                pickuptype: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PICKUPRequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PICKUPResponseWrapper"];
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
    "Pickup Cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
                /**
                 * @description The pickup equest number (PRN) generated by
                 *     UPS pickup system.
                 *     Required if CancelBy = prn.Length 26
                 */
                Prn?: string;
            };
            path: {
                /** @description Valid Values: 01 = AccountNumber, 02 = PRN */
                CancelBy: string;
                /**
                 * @description Version of API.
                 *
                 *     Valid values:
                 *     - v2409
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PICKUPCancelResponseWrapper"];
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
    "Pickup Creation": {
        parameters: {
            query?: never;
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description Version of the API.
                 *
                 *     Valid values:
                 *     - v2409
                 */
                version: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PICKUPCreationRequestWrapper"] | components["schemas"]["PICKUPTriggerGWNRequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PICKUPCreationResponseWrapper"] | components["schemas"]["PICKUPTriggerGWNResponseWrapper"];
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
    "Pickup Get Political Division1 List": {
        parameters: {
            query?: never;
            header: {
                /** @description An identifier unique to the request. Length 32 */
                transId: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc: string;
            };
            path: {
                /**
                 * @description Version of API.
                 *
                 *     Valid values:
                 *     - v2409
                 */
                version: string;
                /**
                 * @description Country or terrirtory for which the list will
                 *     represent.Length 2
                 */
                countrycode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PICKUPPolDivResponseWrapper"];
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
    "Pickup Get Service Center Facilities": {
        parameters: {
            query?: never;
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description Version of API.
                 *
                 *     Valid values:
                 *     - v2409
                 */
                version: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PICKUPServCenterRequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PICKUPServCenterResponseWrapper"];
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
    "Deprecated Pickup Cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
                /**
                 * @description The pickup equest number (PRN) generated by
                 *     UPS pickup system.
                 *     Required if CancelBy = prn.Length 26
                 */
                Prn?: string;
            };
            path: {
                /** @description Valid Values: 01 = AccountNumber, 02 = PRN */
                CancelBy: string;
                /**
                 * @description Version of API.
                 *
                 *     Valid values:
                 *     - v2409
                 */
                deprecatedVersion: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PICKUPCancelResponseWrapper"];
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
    "Deprecated Pickup Creation": {
        parameters: {
            query?: never;
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description Version of the API.
                 *
                 *     Valid values:
                 *     - v1
                 *     - v1607
                 *     - v1707
                 */
                deprecatedVersion: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PICKUPCreationRequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PICKUPCreationResponseWrapper"];
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

/**
 * Generated from UPS's Shipping.yaml (shared/carriers/ups/spec/, MIT) by
 * openapi-typescript, with the document errata of shared/carriers/ups/errata.ts
 * patched.
 * Do not edit: run `npm run ups:types` (tooling/ups-types.ts). A unit test
 * (test/unit/carriers/ups/generated-types.test.ts) fails while this file
 * differs from a fresh generation. Import it with `import type` only.
 */

export interface paths {
    "/shipments/{version}/ship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Shipment
         * @description The Shipping API makes UPS shipping services available to client applications that communicate with UPS
         *     using the Internet
         */
        post: operations["Shipment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shipments/{version}/void/cancel/{shipmentidentificationnumber}": {
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
         * Void Shipment
         * @description The Void Shipping API is used to cancel the previously scheduled shipment
         */
        delete: operations["VoidShipment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/{version}/recovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Label Recovery
         * @description The Label Shipping API allows us to retrieve forward and return labels.
         */
        post: operations["LabelRecovery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shipments/{deprecatedVersion}/ship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Shipment
         * @deprecated
         * @description The Shipping API makes UPS shipping services available to client applications that communicate with UPS
         *     using the Internet
         */
        post: operations["Deprecated Shipment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shipments/{deprecatedVersion}/void/cancel/{shipmentidentificationnumber}": {
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
         * Void Shipment
         * @deprecated
         * @description The Void Shipping API is used to cancel the previously scheduled shipment
         */
        delete: operations["Deprecated VoidShipment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        SHIPRequestWrapper: {
            ShipmentRequest: components["schemas"]["ShipmentRequest"];
        };
        /** @description N/A */
        SHIPResponseWrapper: {
            ShipmentResponse: components["schemas"]["ShipmentResponse"];
        };
        /** @description Shipment Request. */
        ShipmentRequest: {
            Request: components["schemas"]["ShipmentRequest_Request"];
            Shipment: components["schemas"]["ShipmentRequest_Shipment"];
            LabelSpecification?: components["schemas"]["ShipmentRequest_LabelSpecification"];
            ReceiptSpecification?: components["schemas"]["ShipmentRequest_ReceiptSpecification"];
        };
        Address_POE: {
            /**
             * @description Address Line
             * @example 12380 Morris Rd.
             */
            AddressLine: string[];
            /**
             * @description City
             * @example Alpharetta
             */
            City: string;
            /**
             * @description The code of the address's admininstrative division (state, province, distict, prefecture, etc...). Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             * @example GA
             */
            StateProvinceCode?: string;
            /**
             * @description Postal code
             * @example {
             *       "1": 30005,
             *       "2": "30005-4616"
             *     }
             */
            PostalCode?: string;
            /**
             * @description Country code
             * @example US
             */
            CountryCode: string;
        };
        /**
         * @description WorldEase is a contract service offering in the UPS shipping that decreases brokerage fees by consolidating
         *     loose packages into one shipment for customs clearance.
         */
        Shipment_WorldEase: {
            /**
             * @description The final destination country code.
             * @example FR
             */
            DestinationCountryCode: string;
            /**
             * @description The final destination postal code.
             * @example {
             *       "1": 30005,
             *       "2": "30005-4616"
             *     }
             */
            DestinationPostalCode?: string;
            /**
             * @description The Global Consolidation Clearance Number(GCCN) generated for the master shipment. This is required for child shipment.
             * @example 123X56GPFWZ
             */
            GCCN?: string;
            /** @description 1 indicates a Master Consolidation request for the European Union. */
            MasterEUConsolidationIndicator?: string;
            /** @description This field indicates whether the shipment is a master shipment and specifies the document box type. This is required for Master shipment only.<br/>Valid values <br/>0 - Virtual DocBox <br/>1 - Physical DocBox. */
            MasterHasDocBox?: string;
            /**
             * @description Code that indicates how shipping charges will be paid.
             *
             *     | Code  | Name                | Description:                                                              |
             *     | :--:  | :--                 | :--                                                                       |
             *     | CAF   | Cost And Freight    | Shipper pays to point of import, conignee pays balance.                   |
             *     | COL   | Freight Collect     | Consignee (with valid UPS account) pays all shipping charges              |
             *     | DDP   | Delivered Duty Paid | Shipper pays shipping and duty, consignee pays the Value Added Tax (VAT)  |
             *     | FOB   | Free On Board       | Shipper pays to point to export, consignee pays balance                   |
             *     | PRE   | Prepaid             | Shipper pays all shipping charges                                         |
             *     | SDT   | Free Domicile       | Child Shipper pays for shipping, duities and taxes                        |
             * @enum {string}
             */
            MasterShipmentChgType: "CAF" | "COL" | "DDP" | "FOB" | "PRE" | "SDT";
            /** @description This field indicates if VendorCollectIDTypeCode and VendorCollectIDNumber should be exempt from validation. "0" indicates VendorCollectIDTypeCode and VendorCollectIDNumber fields are required. */
            VendorCollectIDNumberExemptIndicator?: string;
            /** @description Container for port of entry details */
            PortOfEntry: {
                /**
                 * @description Port of entry name
                 * @example Seagirt Terminal, Port of Baltimore
                 */
                Name: string;
                /**
                 * @description Port code
                 * @example 56982
                 */
                ClearancePortCode: string;
                /**
                 * @description Port of entry consignee
                 * @example John Doe
                 */
                Consignee: string;
                /** @description Address of the POE. For Master/Child Shipment */
                Address: components["schemas"]["Address_POE"];
            };
        };
        /** @description Request Container */
        ShipmentRequest_Request: {
            /**
             * @description Optional Processing.
             *
             *     Note: Full address validation is not performed. Therefore, it is the responsibility of the Shipping Tool User to ensure the address entered is correct to avoid an address correction fee.  Valid values:
             *     nonvalidate = No street level address validation would be performed, but Postal Code/State combination validation would still be performed.
             *
             *     validate = No street level address validation would be performed, but City/State/Postal Code/ combination validation would still be performed.
             */
            RequestOption: string;
            /**
             * @description When UPS introduces new elements in the response that are not associated with new request elements, Subversion is used. This ensures backward compatibility.
             *
             *     To get such elements you need to have the right Subversion. The value of the subversion is explained in the Response element Description.
             *
             *     Example: Itemized Charges are returned only when the Subversion element is present and greater than or equal to 1601.
             *
             *     Format: YYMM = Year and month of the release.
             *
             *     Example: 1607 = 2016 July  Supported values: 1601, 1607, 1701, 1707, 1801, 1807, 2108, 2205
             */
            SubVersion?: string;
            TransactionReference?: components["schemas"]["Request_TransactionReference"];
        };
        /** @description TransactionReference identifies transactions between client and server. */
        Request_TransactionReference: {
            /** @description The CustomerContext Information which will be echoed during response. */
            CustomerContext?: string;
        };
        /** @description Shipment Container */
        ShipmentRequest_Shipment: {
            /**
             * @description The Description of Goods for the shipment. Applies to international and domestic shipments.
             *
             *     Provide a detailed description of items being shipped for documents and non-documents.
             *
             *     Examples: "annual reports" and "9 mm steel screws".  Required if all of the listed conditions are true:
             *     ShipFrom and ShipTo countries or territories are not the same; The packaging type is not UPS Letter; The ShipFrom and or ShipTo countries or territories are not in the European Union or the ShipFrom and ShipTo countries or territories are both in the European Union and the shipments service type is not UPS Standard.
             *
             *     The Description of Goods field is required for all UAE shipments, including Import, Export, and Domestic shipments. This requirement applies to both Document and Non‑Document shipments.
             */
            Description?: string;
            ReturnService?: components["schemas"]["Shipment_ReturnService"];
            /**
             * @description Indicates a shipment contains written, typed, or printed communication of no commercial value.
             *
             *     If DocumentsOnly is not specified then it implies that the shipment contains non documents or documents of commercial value.
             *
             *     Default is a shipment contains non- documents or documents of commercial value.  This is an empty tag, any value inside is ignored.
             *
             *     Valid only for shipments with different origin and destination countries or territories. The origin country or territory is not US, and the destination country or territory is not CA, PR or MX.
             */
            DocumentsOnlyIndicator?: string;
            Shipper: components["schemas"]["Shipment_Shipper"];
            ShipTo: components["schemas"]["Shipment_ShipTo"];
            AlternateDeliveryAddress?: components["schemas"]["Shipment_AlternateDeliveryAddress"];
            ShipFrom?: components["schemas"]["Shipment_ShipFrom"];
            PaymentInformation?: components["schemas"]["Shipment_PaymentInformation"];
            FRSPaymentInformation?: components["schemas"]["Shipment_FRSPaymentInformation"];
            GlobalTaxInformation?: components["schemas"]["Shipment_GlobalTaxInformation"];
            WorldEase?: components["schemas"]["Shipment_WorldEase"];
            FreightShipmentInformation?: components["schemas"]["Shipment_FreightShipmentInformation"];
            /** @description Goods Not In Free Circulation indicator.  This is an empty tag, any value inside is ignored. This indicator is invalid for a package type of UPS Letter and DocumentsOnly. */
            GoodsNotInFreeCirculationIndicator?: string;
            PromotionalDiscountInformation?: components["schemas"]["Shipment_PromotionalDiscountInformation"];
            DGSignatoryInfo?: components["schemas"]["Shipment_DGSignatoryInfo"];
            ShipmentRatingOptions?: components["schemas"]["Shipment_ShipmentRatingOptions"];
            /** @description Movement Reference Number (MRN) information.  Must contain alphanumeric characters only. Must be a length of 18 characters. The 3rd and 4th Characters must be the Shipper country or territory ISO Code. */
            MovementReferenceNumber?: string;
            ReferenceNumber?: components["schemas"]["Shipment_ReferenceNumber"][];
            Service: components["schemas"]["Shipment_Service"];
            InvoiceLineTotal?: components["schemas"]["Shipment_InvoiceLineTotal"];
            /**
             * @description Code that identifies the risk of the Shipment entering the European Union (EU).
             *      Values: 01 = AT RISK of Entering the EU
             *      02 = NOT AT RISK of Entering the EU
             *      03 = RISK UNKNOWN of Entering the EU
             */
            ShipmentRiskEnteringEU?: string;
            /** @description Total number of pieces in all pallets in a UPS Worldwide Express Freight Shipment.  It is required for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday Shipment. Valid values are 1 to 99999. */
            NumOfPiecesInShipment?: string;
            /**
             * @description USPS Endorsement.
             *     Valid values:
             *     1 = Return Service Requested
             *     2 = Forwarding Service Requested
             *     3 = Address Service Requested
             *     4 = Change Service Requested and
             *     5 = No Service Selected.
             *     Note: For International Mail Innovations shipments use No Service Selected. International Mail Innovations shipments are applicable for Priority Mail Innovations and Mail Innovations Economy Mail Innovations services only.  Required for Mail Innovations forward shipments.
             */
            USPSEndorsement?: string;
            /** @description Indicates single label with both MI label and CN22 form.  International CN22 form is required. */
            MILabelCN22Indicator?: string;
            /**
             * @description A component encoded on the barcode of the Mail Innovations label.   Valid values:
             *     IR = Irregular
             *     MA = Machineable
             *     SubClass is only required if the customer's contract have them subclass the package not UPS.
             */
            SubClassification?: string;
            /**
             * @description Customer assigned identifier for report and billing summarization displays to the right of the Cost Center title.  Required for Mail Innovations Return shipments. It is shown on the bottom of the shipping label as reference 2.
             *
             *     Cost Center length is alphanumeric with a max length of 30 for Mail Innovations forward shipments.
             *
             *     Cost Center length is numeric with a max length of 4 for Mail Innovations Return shipments.
             */
            CostCenter?: string;
            /** @description Presence/Absence indicator. Presence of this indicator means that the customer is requesting for the CostCenter field to be barcoded at the bottom of the label. */
            CostCenterBarcodeIndicator?: string;
            /** @description Customer-assigned unique piece identifier that returns visibility events.  Required only for Mail Innovations forward shipments. Alpha numeric values only. It is shown on the bottom of the shipping label as reference 1. */
            PackageID?: string;
            /** @description Presence/Absence indicator. Presence of this indicator means that the customer is requesting for the PackageID field to be barcoded at the bottom of the label. */
            PackageIDBarcodeIndicator?: string;
            /**
             * @description Mail classification defined by the USPS.   Valid values:
             *     1 = Balloon
             *     2 = Oversize
             *     3 = Not Applicable
             */
            IrregularIndicator?: string;
            ShipmentIndicationType?: components["schemas"]["Shipment_ShipmentIndicationType"][];
            /**
             * @description MIDualReturnShipmentKey is unique key required to process Mail Innovations Dual Return Shipment.
             *
             *     The unique identifier (key) would be returned in response of first phase of Mail Innovations Dual Return Shipments.
             *
             *     This unique identifier (key) would be part of request for second phase of Mail Innovations Dual Return Shipments.
             *
             *     Format:
             *     For Package return shipments, the package tracking number is concatenated with the system time (YYYY-MM-DDHH.MM.SS.NNN), followed by service code.
             *
             *     For MI Return shipments, the Mail Manifest ID (MMI) is concatenated with the system time.  The unique identifier (key) is required to link the package and the Mail Innovations portion of Dual Return shipment.
             *
             *     If unique identifier (key) is empty in the request for UPS Mail Innovations Return Service, the request will be treated as the first phase of the Mail Innovations Dual Returns Request.
             *
             *     If the MIDualReturnShipmentIndicator is present with empty or null MIDualReturnShipmentKey in UPS Package Return Shipment, the request will be treated as the first phase of Dual MI Return Label Shipment.
             *
             *     This field would be ignored if MIDualReturnShipmentIndicator is not present in UPS Package Return Shipment request.
             */
            MIDualReturnShipmentKey?: string;
            /**
             * @description MIDualReturnShipmentIndicator is an indicator to identify a Package Shipment is part of UPS Mail Innovations Dual Label Shipment.
             *
             *     Its presence means Package Shipment is part of UPS Mail Innovations Dual Label shipment.  If the indicator is present in Package Shipment request, shipment would be considered as part of a Dual Mail Innovations Returns.
             *
             *     This indicator is not valid with UPS Mail Innovations Returns Service code.
             */
            MIDualReturnShipmentIndicator?: string;
            /**
             * @description Presence/Absence Indicator. Any value inside is ignored. RatingMethodRequestedIndicator is an indicator.
             *     If present, Billable Weight Calculation method information and Rating Method information would be returned in response.
             */
            RatingMethodRequestedIndicator?: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored. TaxInformationIndicator is an indicator. If present, any taxes that may be applicable to a shipment would be returned in response. If this indicator is requested with NegotiatedRatesIndicator, Tax related information, if applicable, would be returned only for Negotiated Rates and not for Published Rates. The Tax related information includes any type of Taxes, corresponding Monetary Values, Total Charges with Taxes and disclaimers (if applicable) would be returned in response. */
            TaxInformationIndicator?: string;
            ShipmentServiceOptions?: components["schemas"]["Shipment_ShipmentServiceOptions"];
            /**
             * @description Represents 5 character ISO Locale that allows the user to request Reference Number Code on Label, Label instructions and Receipt instructions (if applicable) in desired language.
             *     Locale is specified by the combination of language code and country or territory code - 2 character language code and 2 character country or territory code seperated by an underscore ('_') character.  If Locale element is requested along with LabelLinksIndicator, the URL to retrieve Label and Receipts (if applicable) will be returned in the requested Locale. Please note only LabelURL and ReceiptURL (if applicable) will be returned. LocalLanguageLabelURL and LocalLanguageReceiptURL will not be returned if Locale element is present in request.
             *     Queen's English (en_GB) is the default
             */
            Locale?: string;
            /**
             * @description Shipment Value Threshold Code. 01 = Shipment value is below or equals to threshold value
             *     02 = Shipment value is above threshold value.     NA = Not Applicable
             */
            ShipmentValueThresholdCode?: string;
            /**
             * @description Shipment Value for ShipperType. 01 = Business 02 = Consumer/Individual  NA = Not Applicable.
             *     Required for EU Inbound Shipments.
             */
            ShipperType?: string;
            /**
             * @description Shipment Value for ConsigneeType. 01 = Business 02 = Consumer/Individual  NA = Not Applicable.
             *     Required for EU Inbound Shipments.
             */
            ConsigneeType?: string;
            /** @description Master Carton ID. If Economy Service (17 or 72) : Economy Shipment will be associated with given Master Carton ID. If Non-Economy Service: Master Carton Shipment will be created for given Master Carton ID. */
            MasterCartonID?: string;
            /**
             * @description Master Carton Indicator. Presence of the indicator means Master Carton ID will be created and returned to client.
             *     This is an empty tag, any value inside is ignored.                                                                  MasterCartonIndicator is only valid with Econmoy Shipment (Service Code 17 or 72). Will be ignored if master carton id present.
             */
            MasterCartonIndicator?: string;
            /** @description User can send up to 7 days in the future with current date as day zero. Format: YYYYMMDD */
            ShipmentDate?: string;
            Package: components["schemas"]["Shipment_Package"][];
            /** @description This field is used to pass the Quote ID generated from the Global Checkout API. This is mandatory to validate your Global Checkout Guaranteed Landed Cost. */
            QuoteID?: string;
            TradeDirect?: components["schemas"]["Shipment_TradeDirect"];
            /** @description It is required to Identify the shipment as a Home Healthcare shipment. When present, triggers healthcare eligibility check and enables package-level healthcare processing. Valid value is 001. */
            HealthcareIdentifier?: string;
        };
        /** @description Type of Return service. When this container exists, the shipment is a return shipment. */
        Shipment_ReturnService: {
            /**
             * @description Return Service types:
             *     - 2 = UPS Print and Mail (PNM)
             *     - 3 = UPS Return Service 1-Attempt (RS1)
             *     - 5 = UPS Return Service 3-Attempt (RS3)
             *     - 8 = UPS Electronic Return Label (ERL)
             *     - 9 = UPS Print Return Label (PRL)
             *     - 10 = UPS Exchange Print Return Label
             *     - 11 = UPS Pack & Collect Service 1-Attempt Box 1
             *     - 12 = UPS Pack & Collect Service 1-Attempt Box 2
             *     - 13 = UPS Pack & Collect Service 1-Attempt Box 3
             *     - 14 = UPS Pack & Collect Service 1-Attempt Box 4
             *     - 15 = UPS Pack & Collect Service 1-Attempt Box 5
             *     - 16 = UPS Pack & Collect Service 3-Attempt Box 1
             *     - 17 = UPS Pack & Collect Service 3-Attempt Box 2
             *     - 18 = UPS Pack & Collect Service 3-Attempt Box 3
             *     - 19 = UPS Pack & Collect Service 3-Attempt Box 4
             *     - 20 = UPS Pack & Collect Service 3-Attempt Box 5
             */
            Code: string;
            /** @description Return Service description. */
            Description?: string;
        };
        /** @description Container for the Shipper's information. */
        Shipment_Shipper: {
            /**
             * @description Shippers company name.
             *
             *     For forward Shipment 35 characters are accepted, but only 30 characters will be printed on the label.
             */
            Name: string;
            /**
             * @description Shippers Attention Name.
             *
             *     For forward Shipment 35 characters are accepted, but only 30 characters will be printed on the label.  Required if destination is international. Required if Invoice and CO International forms are requested and the ShipFrom address is not present.
             */
            AttentionName?: string;
            /**
             * @description Shipper's CompanyDisplayableName.
             *
             *     The CompanyDisplayableName will be displayed in tracking results and notification messages in place of the name associated with the shipper account.
             *     The original shipper account name will be displayed for all Return Services and Import Control Shipments.  This is available for Shipper accounts enabled by UPS and applies to Forward Shipments.
             */
            CompanyDisplayableName?: string;
            /**
             * @deprecated
             * @description Shipper's Tax Identification Number.  Conditionally required if EEI form (International forms) is requested and ship From is not mentioned. This element has been deprecated, replacement can be found in the GlobalTaxInformation container.
             */
            TaxIdentificationNumber?: string;
            Phone?: components["schemas"]["Shipper_Phone"];
            /**
             * @description Shipper's six digit alphanumeric account number.
             *
             *     Must be associated with the UserId specified in the AccessRequest XML.
             *
             *     The account must be a valid UPS account number that is active.
             *
             *     For US, PR and CA accounts, the account must be either a daily pickup account, an occasional account, or a customer B.I.N account.
             *
             *     Drop Shipper accounts are valid for return service shipments only if the account is Trade Direct (TD) enabled.
             *
             *     All other accounts must be either a daily pickup account or an occasional account.
             */
            ShipperNumber: string;
            /** @description Shipper's Fax Number. */
            FaxNumber?: string;
            /** @description Shipper's email address. */
            EMailAddress?: string;
            Address: components["schemas"]["Shipper_Address"];
        };
        /** @description Container tag for Phone Number. */
        Shipper_Phone: {
            /**
             * @description Shipper's phone Number.  Valid values are 0 - 9.
             *
             *     If Shipper country or territory is US, PR, CA, and VI, the layout is:
             *     area code, 7 digit PhoneNumber or
             *     area code, 7 digit PhoneNumber, 4 digit extension number.
             *
             *     For other countries or territories, the layout is: country or territory code, area code, 7 digit number.
             *
             *     A phone number is required if destination is international.
             */
            Number: string;
            /** @description Shipper's phone extension. */
            Extension?: string;
        };
        /**
         * @description Address tag Container.  The package should be returned to this address if the package is undeliverable.
         *
         *     This address appears on the upper left hand corner of the label.
         *
         *     Note: If the ShipFrom container is not present then this address will be used as the ShipFrom address. If this address is used as the ShipFrom the shipment will be rated from this origin address.
         */
        Shipper_Address: {
            /**
             * @description The Shipper street address including name and number (when applicable). Up to three occurrences are allowed; only the first is printed on the label.
             *
             *     35 characters are accepted, but for the first occurrence, only 30 characters will be printed on the label for return shipments.
             */
            AddressLine: string[];
            /** @description Shipper's City.   For forward Shipment 30 characters are accepted, but only 15 characters will be printed on the label. */
            City: string;
            /**
             * @description Shipper's state or province code.
             *
             *     For forward Shipment 5 characters are accepted, but only 2 characters will be printed on the label.  For US, PR and CA accounts, the account must be either a daily pickup account, an occasional account, or a customer B.I.N account.
             *
             *     Required for Vietnam (VN).
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /** @description Shipper's postal code. */
            PostalCode?: string;
            /**
             * @description Shipper's country or territory code.
             *
             *     Refer to country or territory Codes in the Appendix for valid values.
             *
             *     Drop Shipper accounts are valid for return service shipments only if the account is Trade Direct (TD) enabled.
             */
            CountryCode: string;
        };
        /** @description Ship To Container. */
        Shipment_ShipTo: {
            /** @description Consignee's company name.  All other accounts must be either a daily pickup account or an occasional account. */
            Name: string;
            /**
             * @description Contact name at the consignee's location.  Required for: UPS Next Day Air® Early service, and when ShipTo country or territory is different than ShipFrom country or territory.
             *
             *     Required if Invoice International form is requested.
             */
            AttentionName?: string;
            /** @description Not applicable for ShipTo */
            CompanyDisplayableName?: string;
            /**
             * @deprecated
             * @description Consignee's tax identification number. This element has been deprecated, replacement can be found in the GlobalTaxInformation container.
             */
            TaxIdentificationNumber?: string;
            Phone?: components["schemas"]["ShipTo_Phone"];
            /** @description Consignee's fax number.  If ShipTo country or territory is US 10 digits allowed, otherwise 1-15 digits allowed. */
            FaxNumber?: string;
            /** @description Consignee's email address. */
            EMailAddress?: string;
            Address: components["schemas"]["ShipTo_Address"];
            /** @description Location ID is a unique identifier referring to a specific shipping/receiving location.  Location ID must be alphanumeric characters. All letters must be capitalized. */
            LocationID?: string;
        };
        /** @description Container for Phone Number */
        ShipTo_Phone: {
            /**
             * @description Consignee's phone Number.  Required for: UPS Next Day Air® Early service, and when Ship To country or territory is different than the ShipFrom country or territory.
             *
             *     If ShipTo country or territory is US, PR, CA, and VI, the layout is:
             *     area code, 7 digit PhoneNumber or
             *     area code, 7 digit PhoneNumber, 4 digit extension number; number.
             *
             *     For other countries or territories, the layout is: country or territory code, area code, 7 digit number.
             */
            Number: string;
            /** @description Consignee's phone extension. */
            Extension?: string;
        };
        /** @description Address Container. */
        ShipTo_Address: {
            /** @description Address Line of the consignee. All three Address Lines will be printed on the label. */
            AddressLine: string[];
            /** @description Consignee's city. 30 characters are accepted, but only 15 characters will be printed on the label. */
            City: string;
            /**
             * @description Consignee’s state or province code. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /**
             * @description Consignee's postal code.  If the ShipTo country or territory is US or Puerto Rico, 5 or 9 digits are required.
             *
             *     If the ShipTo country or territory is CA, then the postal code is required and must be 6 alphanumeric characters whose format is A#A#A# where A is an uppercase letter and # is a digit.
             *
             *     Otherwise optional. For all other countries or territories the postal code is optional and must be no more than 9 alphanumeric characters long.
             */
            PostalCode?: string;
            /**
             * @description Consignee's country or territory code.  Must be a valid UPS Billing country or territory code.
             *     For Return Shipment the country or territory code must meet the following conditions:
             *     - At least two of the following country or territory codes are the same: ShipTo, ShipFrom, and Shipper.
             *     - None of the following country or territory codes are the same and are a member of the EU: ShipTo, ShipFrom, and Shipper.
             *     - If any of the two following country or territory codes: ShipTo/ ShipFrom/ Shipper are members in EU otherwise check if the shipper has Third country or territory Contract.
             */
            CountryCode: string;
            /**
             * @description This field is a flag to indicate if the receiver is a residential location.
             *     True if ResidentialAddressIndicator tag exists.  This is an empty tag, any value inside is ignored.
             */
            ResidentialAddressIndicator?: string;
            /** @description This field is a flag to indicate if the receiver address has PO box indicator. True if POBoxIndicator tag exists; false otherwise. */
            POBoxIndicator?: string;
        };
        /** @description AlternateDeliveryAddress Container.  Alternate Delivery Address (UPS Access Point Address) required if ShipmentIndicationType is 01 or 02. */
        Shipment_AlternateDeliveryAddress: {
            /** @description Retail Location Name. */
            Name: string;
            /** @description Attention Name. */
            AttentionName: string;
            /** @description UPS Access Point ID. */
            UPSAccessPointID?: string;
            Address: components["schemas"]["AlternateDeliveryAddress_Address"];
        };
        /** @description Address Container. */
        AlternateDeliveryAddress_Address: {
            /** @description Address Line of the Retail Location. */
            AddressLine: string[];
            /** @description Retail Location City. */
            City: string;
            /**
             * @description Retail Location state or province code. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /** @description If the Alternate Delivery Address country or territory is US or Puerto Rico, 5 or 9 digits are required. The character - may be used to separate the first five digits and the last four digits. If the Alternate Delivery Address country or territory is CA, then the postal code is required and must be 6 alphanumeric characters whose format is A#A#A# where A is an uppercase letter and # is a digit. Otherwise optional. For all other countries or territories the postal code is optional and must be no more than 9 alphanumeric characters long. */
            PostalCode?: string;
            /** @description Retail Location country or territory code. */
            CountryCode: string;
        };
        /**
         * @description Ship From Container.  Required for return shipment.
         *
         *     Required if pickup location is different from the shipper's address.
         *
         *     Required for Trade Direct shipment.
         */
        Shipment_ShipFrom: {
            /**
             * @description The ship from location's name or company name.
             *     35 characters are accepted, but for return Shipment only 30 characters will be printed on the label.  Required if ShipFrom tag is in the XML.
             */
            Name: string;
            /**
             * @description The ship from Attention name.
             *     35 characters are accepted, but for return Shipment only 30 characters will be printed on the label.  Required if ShipFrom tag is in the XML and Invoice or CO International forms is requested. If not present, will default to the Shipper Attention Name.
             */
            AttentionName?: string;
            /** @description Not applicable for ShipFrom. */
            CompanyDisplayableName?: string;
            /**
             * @deprecated
             * @description Company's Tax Identification Number at the pick up location.  Conditionally required if EEI form (International forms) is requested.
             *     Applies to EEI Form only. This element has been deprecated, replacement can be found in the GlobalTaxInformation container.
             */
            TaxIdentificationNumber?: string;
            TaxIDType?: components["schemas"]["ShipFrom_TaxIDType"];
            Phone?: components["schemas"]["ShipFrom_Phone"];
            /** @description The Ship from fax number.  If Ship from country or territory is US 10 digits allowed, otherwise 1-15 digits allowed. */
            FaxNumber?: string;
            Address: components["schemas"]["ShipFrom_Address"];
            VendorInfo?: components["schemas"]["ShipFrom_VendorInfo"];
        };
        /** @description Tax Identification Container.  Applies to EEI form only. */
        ShipFrom_TaxIDType: {
            /**
             * @description Company's tax Identification type.  Valid values: EIN, DNS, and FGN.
             *     Applies to EEI form only.
             */
            Code: string;
            /** @description Description of TaxID submitted.  Applies to EEI form only. */
            Description?: string;
        };
        /**
         * @description Company's tax Identification type.  Valid values: EIN, DNS, and FGN.
         *     Applies to EEI form only.
         */
        TaxIDType_Code: string;
        /** @description Description of TaxID submitted.  Applies to EEI form only. */
        TaxIDType_Description: string;
        /**
         * @description Container for Phone Number.  If ShipFrom country or territory is US, PR, CA, and VI, the layout is:
         *     area code, 7 digit phone number or
         *     area code, 7 digit phone number, 4 digit extension number.
         *
         *     For other countries or territories, the layout is:
         *     country or territory code, area code, 7 digit number.
         *
         *      If ShipFrom tag is in the XML and International forms is requested.
         */
        ShipFrom_Phone: {
            /** @description The Ship from phone Number. */
            Number: string;
            /** @description The Ship from phone extension. */
            Extension?: string;
        };
        /** @description Ship from Address Container.  The package will be originating from or being shipped from this address. The shipment will be rated from this origin address to the destination ship to address. */
        ShipFrom_Address: {
            /** @description The Ship from street address including name and number (when applicable). 35 characters are accepted, but for return Shipment only 30 characters will be printed on the label. */
            AddressLine: string[];
            /**
             * @description The Ship from city.
             *
             *     30 characters are accepted, but for return Shipment only 15 characters will be printed on the label.  Required if ShipFrom is supplied
             */
            City: string;
            /**
             * @description Origin location's state or province code.  Required if ShipFrom is supplied, and ShipFrom country or territory is US.
             *
             *     Required for Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /**
             * @description The ship from locations postal code.
             *     9 characters are accepted.  Required if ShipFrom is supplied and the ShipFrom country or territory is the US and Puerto Rico.
             *
             *     For US and Puerto Rico, it must be valid 5 or 9 digit postal code. The character "-" may be used to separate the first five digits and the last four digits.
             *
             *     If the ShipFrom country or territory is CA, then the postal code must be 6 alphanumeric characters whose format is A#A#A# where A is an uppercase letter and # is a digit.
             *
             *     For all other countries or territories the postal code is optional and must be no more than 9 alphanumeric characters long.
             */
            PostalCode?: string;
            /**
             * @description Origin locations country or territory code.  Required if ShipFrom tag is supplied. For Return Shipment the country or territory code must meet the following conditions:
             *
             *     - At least two of the following country or territory codes are the same: ShipTo, ShipFrom, and Shipper.
             *     - None of the following country or territory codes are the same and are a member of the EU: ShipTo, ShipFrom, and Shipper.
             *     - If any of the two following country or territory codes: ShipTo/ShipFrom/ Shipper are members in EU otherwise check if the shipper has Third country or territory Contract.
             */
            CountryCode: string;
        };
        /** @description Vendor Information Container */
        ShipFrom_VendorInfo: {
            /**
             * @description Code that identifies the type of Vendor Collect ID Number. Valid Values
             *     - 0000 = Unknown/Other
             *     - 0356 = IOSS Registration Number
             *     - 0357 = VOEC Registration Number
             *     - 0358 = Deprecated
             *     - 0359 = PVA Registration Number
             *     - 1051 = Singapore GST Registration Number
             *     - 1052 = ARN Registration Number
             *     - 1053 = IRD Registration Number
             *     - 1054 = Malaysia Low Value Goods Sales Tax Registration Number
             *
             *     Vendor Collect ID Number type code will be printed on commercial invoice if present.
             */
            VendorCollectIDTypeCode: string;
            /**
             * @description Shipper's VAT Tax collection registration number to be entered by Shipper at time of shipment creation. Presence of this number as part of the shipment information implies the shipper has collected/paid the required VAT tax (outside of UPS/UPS systems). Vendor Colect ID Number will be printed on commercial invoice if present.
             *
             *     Sample Values:   'IMDEU1234567' (IOSS #),  'VOEC1234567' (VOEC #),  'GB1234567' (HMRC #)
             *
             *     Required if the shipment is subject to Vendor Collect ID collection
             */
            VendorCollectIDNumber: string;
            /** @description Consignee Type. 01 = Business  02 = Consumer NA = Not Applicable */
            ConsigneeType?: string;
            IOSSContact?: components["schemas"]["VendorInfo_IOSSContact"];
        };
        /** @description Optional IOSS information. Applicable only when Vendor Collect ID type Code 0356 is provided in vendorInformation. */
        VendorInfo_IOSSContact: {
            /** @description IOSS registered name. */
            Name?: string;
            Address?: components["schemas"]["IOSSContact_Address"];
        };
        /** @description IOSS Registered Address tag Container. */
        IOSSContact_Address: {
            /**
             * @description The  street address including name and number (when applicable). Up to three occurrences are allowed;
             *
             *     35 characters are accepted, but for the first occurrence, only 30 characters will be printed on the label for return shipments.
             */
            AddressLine?: string[];
            /** @description City. */
            City?: string;
            /** @description State or province code. */
            StateProvinceCode?: string;
            /** @description postal code. */
            PostalCode?: string;
            /**
             * @description IOSS's country or territory code.
             *
             *     Refer to country or territory Codes in the Appendix for valid values.
             */
            CountryCode?: string;
        };
        /** @description Payment information container for detailed shipment charges. The two shipment charges that are available for specification are Transportation charges and Duties and Taxes.  It is required for non-Ground Freight Pricing shipments only. */
        Shipment_PaymentInformation: {
            ShipmentCharge: components["schemas"]["PaymentInformation_ShipmentCharge"][];
            /** @description Split Duty VAT Indicator. The presence indicates the payer specified for Transportation Charges will pay transportation charges and any duties that apply to the shipment. The payer specified for Duties and Taxes will pay the VAT (Value-Added Tax) only.  This is an empty tag, any value inside is ignored. The payment method for Transportation charges must be UPS account. The UPS account must be a daily pickup account or an occasional account. */
            SplitDutyVATIndicator?: string;
        };
        /** @description Shipment charge container.  If Duty and Tax charges are applicable to a shipment and a payer is not specified, the default payer of Duty and Tax charges is Bill to Receiver. There will be no default payer of Duty and Tax charges for DDU and DDP service. */
        PaymentInformation_ShipmentCharge: {
            /**
             * @description Valid values:
             *     01 = Transportation
             *     02 = Duties and Taxes 03 = Broker of Choice  A shipment charge type of 01 = Transportation is required.
             *
             *     A shipment charge type of 02 = Duties and Taxes is not required; however, this charge type is invalid for Qualified Domestic Shipments.
             *
             *     A Qualified Domestic Shipment is any shipment in which one of the following applies:
             *
             *     1) The origin and destination country or territory is the same.
             *
             *     2) US to PR shipment.
             *
             *     3) PR to US shipment.
             *
             *     4) The origin and destination country or territory are both European Union countries or territories and the GoodsNotInFreeCirculation indicator is not present.
             *
             *     5) The origin and destination IATA code is the same.                                                                                                                                                                                                                                                                                                                                                                                                                                                      03 = Broker of Choice
             */
            Type: string;
            BillShipper?: components["schemas"]["ShipmentCharge_BillShipper"];
            BillReceiver?: components["schemas"]["ShipmentCharge_BillReceiver"];
            BillThirdParty?: components["schemas"]["ShipmentCharge_BillThirdParty"];
            /**
             * @description Consignee Billing payment option indicator. The presence indicates consignee billing option is selected. The absence indicates one of the other payment options is selected.  This is an empty tag, any value inside is ignored. This element or its sibling element, BillShipper, BillReceiver or BillThirdParty, must be present but no more than one can be present. This billing option is valid for a shipment charge type of Transportation only. Only applies to US/PR and PR/US shipment origins and destination.
             *
             *     This payment method allows you to bill the charges for a specified shipment to a consignee who has agreed to pay the charges. All shipping charges are billed to the consignees UPS account number including the following accessorials: Additional Handling, Delivery Area Surcharges, Delivery Change Requests, Early AM Premium, Early AM Out of Territory, Fuel Surcharge, Hazardous Material Surcharges, Large Package Surcharge, Over Max Limits, and Saturday Delivery.
             *
             *     Declared Value, Delivery Confirmation, On Call Pickup, Remote Area Surcharge, Saturday Pickup of Delivery fees are not passed to the consignee. These charges are billed to the shippers UPS account number.
             */
            ConsigneeBilledIndicator?: string;
        };
        /** @description Container for the BillShipper billing option. The three payment methods that are available for the Bill Shipper billing option are alternate payment method, account number or credit card.  This element or its sibling element, BillReceiver, BillThirdParty or ConsigneeBilledIndicator, must be present but no more than one can be present. */
        ShipmentCharge_BillShipper: {
            /**
             * @description UPS account number.  Must be the same UPS account number as the one provided in Shipper/ShipperNumber.
             *
             *     Either this element or one of the sibling elements CreditCard or AlternatePaymentMethod must be provided, but all of them may not be provided.
             */
            AccountNumber?: string;
            CreditCard?: components["schemas"]["BillShipper_CreditCard"];
            /**
             * @description Alternate Payment Method.
             *
             *     Valid value: 01= PayPal
             *
             *     Only valid for forward shipments. It is not valid for Return or Import Control shipments.
             *
             *     This element or one of the sibling elements CreditCard or AccountNumber must be provided, but all of them may not be provided.   PayPal 01: Is only valid for forward shipments. It is not valid for Return or Import Control shipments.
             *
             *     This element or one of the sibling elements CreditCard or AccountNumber must be provided, but all of them may not be provided.
             */
            AlternatePaymentMethod?: string;
        };
        /**
         * @description Credit card information container.  Required if neither of the following is present:
         *
         *     /ShipmentRequest/Shipment/PaymentInformation/ShipmentCharge/BillShipper/AccountNumber
         *     or
         *     /ShipmentRequest/Shipment/PaymentInformation/ShipmentCharge/BillShipper/AlternatePaymentMethod.
         *
         *     Credit card payment is valid for shipments without return service only.
         */
        BillShipper_CreditCard: {
            /**
             * @description Valid values:
             *     - 01 = American Express
             *     - 03 = Discover
             *     - 04 = MasterCard
             *     - 05 = Optima
             *     - 06 = VISA
             *     - 07 = Bravo
             *     - 08 = Diners Club
             *     - 13 = Dankort
             *     - 14 = Hipercard
             *     - 15 = JCB
             *     - 17 = Postepay
             *     - 18 = UnionPay/ExpressPay
             *     - 19 = Visa Electron
             *     - 20 = VPAY
             *     - 21 = Carte Bleue
             */
            Type: string;
            /** @description Credit Card number. */
            Number: string;
            /** @description Format is MMYYYY where MM is the 2 digit month and YYYY is the 4 digit year.  Valid month values are 01-12 and valid year values are Present Year - (Present Year + 10 years) */
            ExpirationDate: string;
            /** @description Three or four digits that can be found either on top of credit card number or on the back of credit card. Number of digits varies for different type of credit card.  Valid values are 3 or 4 digits. It is required to provide the security code if credit card information is provided and when the ShipFrom countries or territories are other than the below mentioned countries or territories. Argentina, Bahamas, Costa Rica, Dominican Republic, Guatemala, Panama, Puerto Rico and Russia. */
            SecurityCode: string;
            Address?: components["schemas"]["CreditCard_Address"];
        };
        /** @description Container to hold the Credit card Billing Address.  It is required to provide billing address if credit card information is provided and when the ShipFrom country or territory is the US, PR, and CA. */
        CreditCard_Address: {
            /** @description Address Line 1 of the credit card billing address. Usually Street address information. */
            AddressLine: string[];
            /** @description City of the credit card billing address. */
            City: string;
            /**
             * @description State or province code of the credit card billing address. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /** @description Credit card billing addressee postal code. */
            PostalCode?: string;
            /** @description Credit card billing address country or territory code. Must be a valid UPS Billing country or territory code. */
            CountryCode: string;
        };
        /** @description Container for the BillReceiver billing option.  This element or its sibling element, BillShipper, BillThirdParty or Consignee Billed, must be present but no more than one can be present. For a return shipment, Bill Receiver is invalid for Transportation charges. */
        ShipmentCharge_BillReceiver: {
            /**
             * @description The UPS account number.  The account must be a valid UPS account number that is active.
             *
             *     For US, PR and CA accounts, the account must be a daily pickup account, an occasional account, a customer B.I.N account, or a dropper shipper account.
             *
             *     All other accounts must be either a daily pickup account, an occasional account, a drop shipper account, or a non-shipping account.
             */
            AccountNumber: string;
            Address?: components["schemas"]["BillReceiver_Address"];
        };
        /** @description Container for additional information for the bill receiver's UPS accounts address. */
        BillReceiver_Address: {
            /**
             * @description The postal code for the UPS accounts pickup address. The pickup postal code was entered in the UPS system when the account was set-up.  The postal code must be the same as the UPS Bill Receiver account number pickup address postal code.
             *
             *     Required for United States and Canadian UPS accounts and/or if the UPS account pickup address has a postal code.
             *     If the UPS accounts pickup country or territory is US or Puerto Rico, the postal code is 5 or 9 digits.
             *
             *     The character - may be used to separate the first five digits and the last four digits.
             *
             *     If the UPS accounts pickup country or territory is CA, the postal code is 6 alphanumeric characters whose format is A#A#A# where A is an uppercase letter and # is a digit
             */
            PostalCode?: string;
        };
        /** @description Container for the third party billing option.  This element or its sibling element, BillShipper, BillReceiver or Consignee Billed, must be present but no more than one can be present. */
        ShipmentCharge_BillThirdParty: {
            /**
             * @description The UPS account number of the third party shipper.  The account must be a valid UPS account number that is active.
             *
             *     For US, PR and CA accounts, the account must be either a daily pickup account, an occasional account, or a customer B.I.N account, or a drop shipper account.
             *
             *     All other accounts must be either a daily pickup account, an occasional account, a drop shipper account, or a non-shipping account.
             */
            AccountNumber?: string;
            /** @description Posta Elettronica Certificata (PEC) which is the recipient code for the customers certified electronic mail value. */
            CertifiedElectronicMail?: string;
            /** @description Sistema Di Interscambio(SDI) which is the recipient code for the customer's interchange value or Interchange System Code */
            InterchangeSystemCode?: string;
            Address: components["schemas"]["BillThirdParty_Address"];
        };
        /** @description Container for additional information for the third party UPS accounts address. */
        BillThirdParty_Address: {
            /**
             * @description The postal code for the UPS accounts pickup address. The pickup postal code is the one that was entered in the UPS system when the account was set-up.  The postal code must be the same as the UPS Bill Third Party account number pickup address postal code.
             *
             *     Required for United States and Canadian UPS accounts and/or if the UPS account pickup address has a postal code.
             *     If the UPS accounts pickup country or territory is US or Puerto Rico, the postal code is 5 or 9 digits.
             *
             *     The character - may be used to separate the first five digits and the last four digits.
             *
             *     If the UPS accounts pickup country or territory is CA, the postal code is 6 alphanumeric characters whose format is A#A#A# where A is an uppercase letter and # is a digit.
             */
            PostalCode?: string;
            /** @description The country or territory code for the UPS accounts pickup address. */
            CountryCode: string;
        };
        /** @description Container to hold the Payment information for the Ground Freight Pricing Shipments.  Required for Ground Freight Pricing Shipments only. */
        Shipment_FRSPaymentInformation: {
            Type: components["schemas"]["FRSPaymentInformation_Type"];
            /** @description The UPS account number.  If the Ground Freight Pricing indicator and FreightShipmentInformation/DensityEligibleIndicator is present in the request, this account number must be validated to check if it is Ground Freight Pricing Density Based Rating enabled. */
            AccountNumber: string;
            Address?: components["schemas"]["FRSPaymentInformation_Address"];
        };
        /** @description Container to hold the Ground Freight Pricing payment type information.  It is required if the request has Ground Freight Pricing shipment indicator. */
        FRSPaymentInformation_Type: {
            /**
             * @description Valid codes:
             *     - 01 = Prepaid
             *     - 02 = FreightCollect
             *     - 03 = ThirdParty
             */
            Code: string;
            /** @description Specifies the description for Ground Freight Pricing payment type. */
            Description?: string;
        };
        /** @description Container to hold the information for the FreightCollect and PrepaidThirdParty Address.  Note: The Address is required only when the billing option is Freight collect or ThirdParty. */
        FRSPaymentInformation_Address: {
            /** @description The postal code for the Ground Freight Pricing payment information address. */
            PostalCode?: string;
            /** @description The country or territory code for the Ground Freight Pricing payment information address. */
            CountryCode: string;
        };
        /** @description Container to hold Freight Shipment information. */
        Shipment_FreightShipmentInformation: {
            FreightDensityInfo?: components["schemas"]["FreightShipmentInformation_FreightDensityInfo"];
            /**
             * @description The presence of the tag indicates that the rate request is density based.
             *     For Density Based Rating (DBR), the customer must have DBR Contract Service.
             */
            DensityEligibleIndicator?: string;
        };
        /** @description Freight Density Info container.  Required if DensityEligibleIndicator is present. */
        FreightShipmentInformation_FreightDensityInfo: {
            /** @description The presence of the AdjustedHeightIndicator indicates that allow the height reduction adjustment for density based rate request. */
            AdjustedHeightIndicator?: string;
            AdjustedHeight?: components["schemas"]["FreightDensityInfo_AdjustedHeight"];
            HandlingUnits?: components["schemas"]["FreightDensityInfo_HandlingUnits"][];
        };
        /** @description Container for the adjusted height.  Required if AdjustedHeightIndicator is present. */
        FreightDensityInfo_AdjustedHeight: {
            /** @description Adjusted height value. */
            Value: string;
            UnitOfMeasurement: components["schemas"]["AdjustedHeight_UnitOfMeasurement"];
        };
        /** @description Container for UnitOfMeasurement for the adjusted height. */
        AdjustedHeight_UnitOfMeasurement: {
            /**
             * @description Code associated with Unit of Measurement for the Adjusted height.
             *     Valid value: IN  Unit of measurement code for Adjusted height is validated only when Handling unit type is SKD = Skid or PLT = Pallet.
             */
            Code: string;
            /** @description Description for UnitOfMeasurement for the adjusted height. */
            Description?: string;
        };
        /** @description Handling Unit for Density based rating container. */
        FreightDensityInfo_HandlingUnits: {
            /** @description Handling Unit Quantity for Density based rating. */
            Quantity: string;
            Type: components["schemas"]["HandlingUnits_Type"];
            Dimensions: components["schemas"]["HandlingUnits_Dimensions"];
        };
        /** @description Handling Unit Type for Density based rating. */
        HandlingUnits_Type: {
            /**
             * @description Handling Unit Code for Density based rating.  Valid values:
             *     - SKD = Skid
             *     - CBY = Carboy
             *     - PLT = Pallet
             *     - TOT = Totes
             *     - LOO = Loose
             *     - OTH = Other
             */
            Code: string;
            /** @description A description of the code for the Handling Unit type. */
            Description?: string;
        };
        /** @description Dimension of the HandlingUnit container for density based pricing. */
        HandlingUnits_Dimensions: {
            UnitOfMeasurement: components["schemas"]["HandlingUnits_UnitOfMeasurement"];
            /** @description The length of the line item used to determine dimensional weight. */
            Length: string;
            /** @description The width of the line item used to determine dimensional weight. */
            Width: string;
            /** @description The height of the line item used to determine dimensional weight. */
            Height: string;
        };
        /** @description UnitOfMeasurement container. */
        HandlingUnits_UnitOfMeasurement: {
            /** @description Code for UnitOfMeasurement for the line item dimension. Valid value is IN */
            Code: string;
            /** @description Description for UnitOfMeasurement for the line item dimension. */
            Description?: string;
        };
        /** @description PromotionalDiscountInformation container. This container contains discount information that the customer wants to request each time while placing a shipment. */
        Shipment_PromotionalDiscountInformation: {
            /** @description Promotion Code. A discount that is applied to the user.  Required if PromotionalDiscountInformation container is present. */
            PromoCode: string;
            /** @description Promotion Alias code  Required if PromotionalDiscountInformation container is present. */
            PromoAliasCode: string;
        };
        /** @description DGSignatoryInfo Container  DGPaperImage will be returned if DGSignatoryInfo container present */
        Shipment_DGSignatoryInfo: {
            /**
             * @description Name of the person signing the declaration.
             *
             *     Note: The name of person or department he/she is employed with, are both acceptable.
             */
            Name?: string;
            /**
             * @description Title of the person signing the declaration.
             *     Note: The title of the person or department he/she is employed with, are both acceptable.
             */
            Title?: string;
            /** @description The city of the Signatory. */
            Place?: string;
            /** @description Date of signing the declaration form.  Valid format is YYYYMMDD. */
            Date?: string;
            /**
             * @description Valid values:
             *     01 = Shipment level
             *     02 = Package level
             *       Valid only for the Shipper Declaration paper. If missing or invalid DGPaperImage will be returned at package level.
             */
            ShipperDeclaration?: string;
            /** @description Dangerous Goods Paper Upload Only Indicator. DG Paper will not be returned in response if UploadOnlyIndicator present. */
            UploadOnlyIndicator?: string;
        };
        /** @description ShipmentRatingOptions container. */
        Shipment_ShipmentRatingOptions: {
            /**
             * @description Negotiated Rates option indicator. If the indicator is present and the Shipper is authorized then Negotiated Rates should be returned in the response.  Negotiated Rates are of two types Account Based Rates (ABR) and Web Discount Rates. Negotiated Rates are only returned for qualified Shipper Account Numbers.
             *
             *     Eligibility is determined using the combination of UserId and the Shipper's Shipper Account Number. If the user is qualified, both Published rates and Negotiated rates are returned to the user. If the UserId and Shipper Account
             *
             *     Number are not qualified for Negotiated rates, a warning message is returned that indicates ineligibility and only the Published rates are returned in the response. As per discount eligibility of user, negotiated rates in the response may contain ABR or Web discount rates.
             */
            NegotiatedRatesIndicator?: string;
            /** @description Ground Freight Pricing Rates option indicator. If the Ground Freight Pricing Shipment indicator is enabled and Shipper number is authorized then Ground Freight Pricing rates should be returned in the response.  The Shipper account number must be qualified to receive Ground Freight Pricing Density Based Shipment rates. Only the Shipper account number taken from /ShipmentRequest/Shipment/FRSPaymentInformation/AccountNumber is used when checking qualification for Ground Freight Pricing Density Based rates. */
            FRSShipmentIndicator?: string;
            /** @description RateChartIndicator, if present in request, response will contain RateChart element. */
            RateChartIndicator?: string;
            /**
             * @description This indicator applies for a third party (3P) / Freight collect (FC) shipment only.
             *
             *     For 3P/FC shipment if the shipper wishes to request for the negotiated rates of the third party then this indicator should be included in the request.
             *
             *     If authorized the 3P/FC negotiated rates will be applied to the shipment and rates will be returned in response.
             */
            TPFCNegotiatedRatesIndicator?: string;
            /**
             * @description If this indicator is present user level discount will be applied to rates if applicable  Conditions checked:
             *     This indicator should be present
             *     Shipper number should not be present
             *     User should be eligible for user level discount
             */
            UserLevelDiscountIndicator?: string;
        };
        /** @description Reference Number information container. Required for Trade Direct shipments. */
        Shipment_ReferenceNumber: {
            /** @description If the indicator is present then the reference number's value will be bar coded on the label.  This is an empty tag, any value inside is ignored. Only one shipment-level or package-level reference number can be bar coded per shipment. In order to barcode a reference number, its value must be no longer than 14 alphanumeric characters or 24 numeric characters and cannot contain spaces. */
            BarCodeIndicator?: string;
            /** @description Shipment Reference number type code. The code specifies the Reference name. Refer to the Reference Number Code table.  Valid if the origin/destination pair is not US/US or PR/PR and character should be alpha-numeric. */
            Code?: string;
            /** @description Customer supplied reference number.  Valid if the origin/destination pair is not US/US or PR/PR */
            Value: string;
        };
        /** @description UPS service type. */
        Shipment_Service: {
            /**
             * @description Valid values:
             *     - 01 = Next Day Air
             *     - 02 = 2nd Day Air
             *     - 03 = Ground
             *     - 07 = Express
             *     - 08 = Expedited
             *     - 11 = UPS Standard
             *     - 12 = 3 Day Select
             *     - 13 = Next Day Air Saver
             *     - 14 = UPS Next Day Air® Early
             *     - 17 = UPS Worldwide Economy DDU
             *     - 54 = Express Plus
             *     - 59 = 2nd Day Air A.M.
             *     - 65 = UPS Saver
             *     - M2 = First Class Mail
             *     - M3 = Priority Mail
             *     - M4 = Expedited MaiI Innovations
             *     - M5 = Priority Mail Innovations
             *     - M6 = Economy Mail Innovations
             *     - M7 = MaiI Innovations (MI) Returns
             *     - 70 = UPS Access Point™ Economy
             *     - 71 = UPS Worldwide Express Freight Midday
             *     - 72 = UPS Worldwide Economy DDP
             *     - 74 = UPS Express®12:00
             *     - 75 = UPS Heavy Goods
             *     - 82 = UPS Today Standard
             *     - 83 = UPS Today Dedicated Courier
             *     - 84 = UPS Today Intercity
             *     - 85 = UPS Today Express
             *     - 86 = UPS Today Express Saver
             *     - 96 = UPS Worldwide Express Freight.
             *     - C6 = Roadie XD AM (Morning delivery)
             *     - C7 = Roadie XD PM (Afternoon delivery)
             *     - C8 = Roadie XD (Anytime delivery)
             *     - T0 = Master
             *     - T1 = LTL
             *
             *     Note: Only service code 03 is used for Ground Freight Pricing shipments  The following Services are not available to return shipment: 13, 59, 82, 83, 84, 85, 86, C6, C7, C8
             */
            Code: string;
            /** @description Description of the service code. Examples are Next Day Air, Worldwide Express, and Ground. */
            Description?: string;
        };
        /** @description Container to hold InvoiceLineTotal Information.  Required for forward shipments whose origin is the US and destination is Puerto Rico or Canada. Not available for any other shipments. FOR OTHER DESTINATIONS the InvoiceLineTotal in the International Forms Container must be used. */
        Shipment_InvoiceLineTotal: {
            /** @description Invoice Line Total currency type. */
            CurrencyCode: string;
            /** @description Invoice Line Total amount for the entire shipment.  Valid values are from 1 to 99999999 */
            MonetaryValue: string;
        };
        /** @description Container for Shipment Indication Type.  Required to indicate whether shipment is "Hold For Pickup At UPS Access Point" for use by approved shippers to identify a UPS Access Point location as an alternate delivery option during shipment preparation or "UPS Access Point™ Delivery", ship parcels directly to a UPS Access Point location for collection by the receiver. */
        Shipment_ShipmentIndicationType: {
            /**
             * @description Valid values:
             *     - '01' - Hold for Pickup at UPS Access Point aka Direct to Retail (D2R)
             *     - '02' - UPS Access Point™ Delivery aka Retail to Retail (R2R)  If '01' code is present indicates shipment will be send to Retail location where it is held to consignee to claim.
             */
            Code: string;
            /** @description Description for the code. */
            Description?: string;
        };
        /** @description Container for Shipment Service Options. */
        Shipment_ShipmentServiceOptions: {
            /** @description Saturday delivery indicator. The presence indicates Saturday delivery is requested and the absence indicates Saturday delivery is not requested.  This is an empty tag, any value inside is ignored. */
            SaturdayDeliveryIndicator?: string;
            /** @description Saturday pickup indicator. The presence indicates Saturday pickup is requested and the absence indicates Saturday pickup is not requested.  This is an empty tag, any value inside is ignored. */
            SaturdayPickupIndicator?: string;
            COD?: components["schemas"]["ShipmentServiceOptions_COD"];
            AccessPointCOD?: components["schemas"]["ShipmentServiceOptions_AccessPointCOD"];
            /** @description Presence/Absence Indicator. Any value inside is ignored. DeliverToAddresseeOnlyIndicator is shipper specified restriction that requires the addressee to be the one who takes final delivery of the "Hold For PickUp at UPS Access Point" package. Presence of indicator means shipper restriction will apply to the shipment.  Only valid for Shipment Indication type "01 - Hold For PickUp at UPS Access Point". */
            DeliverToAddresseeOnlyIndicator?: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored. Direct Delivery Only (DDO) accessorial in a request would ensure that delivery is made only to the ship to address on the shipping label. This accessorial is not valid with Shipment Indication Type "01 - Hold For Pickup At UPS Access Point" and "02 - UPS Access Point™ Delivery". */
            DirectDeliveryOnlyIndicator?: string;
            Notification?: components["schemas"]["ShipmentServiceOptions_Notification"][];
            LabelDelivery?: components["schemas"]["ShipmentServiceOptions_LabelDelivery"];
            InternationalForms?: components["schemas"]["ShipmentServiceOptions_InternationalForms"];
            DeliveryConfirmation?: components["schemas"]["ShipmentServiceOptions_DeliveryConfirmation"];
            /** @description The flag indicates the ReturnOfDocument accessorial has been requested.  Valid for Poland to Poland forward shipment only. */
            ReturnOfDocumentIndicator?: string;
            /** @description Indicates that the Shipment is an ImportControl shipment. */
            ImportControlIndicator?: string;
            LabelMethod?: components["schemas"]["ShipmentServiceOptions_LabelMethod"];
            /** @description CommercialInvoiceRemovalIndicator allows a shipper to dictate UPS to remove the Commercial Invoice from the user's shipment before the shipment is delivered to the ultimate consignee. */
            CommercialInvoiceRemovalIndicator?: string;
            /** @description UPS carbon neutral indicator presence at shipment level is required to create carbon neutral Shipments. */
            UPScarbonneutralIndicator?: string;
            PreAlertNotification?: components["schemas"]["ShipmentServiceOptions_PreAlertNotification"][];
            /** @description Exchange forward indicator presence at shipment level is required to create exchange forward Shipments.  In the label routing Instruction text will be defaulted to "EXCHANGE-LIKE ITEM ONLY". */
            ExchangeForwardIndicator?: string;
            /** @description Hold For Pickup indicator. The empty tag means indicator is present.  This accessorial is only valid for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday Shipment. */
            HoldForPickupIndicator?: string;
            /** @description Drop off At UPS Facility indicator. The empty tag means indicator is present.  This accessorial is only valid for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday Shipment. */
            DropoffAtUPSFacilityIndicator?: string;
            /**
             * @description Lift Gate For Pick Up indicator. The empty tag means indicator is present.  Lift Gate for Pickup is not allowed with Drop Off At UPS Facility for a UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday shipment.
             *
             *     When both Hold for Pickup and Drop Off At Facility are selected, neither of the Lift Gate accessorial (Pick Up or Delivery) are allowed for a UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday shipment.
             *
             *     This accessorial is only valid for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday Shipment.
             */
            LiftGateForPickUpIndicator?: string;
            /**
             * @description Lift Gate For Delivery indicator. The empty tag means indicator is present.  Lift Gate for Delivery is not allowed with Hold For Pickup for a UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday shipment.
             *
             *     When both Hold for Pickup and Drop Off At UPS Facility are selected, neither of the Lift Gate accessorial (Pick Up or Delivery) are allowed for a UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday shipment.
             *
             *     This accessorial is only valid for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday Shipment.
             */
            LiftGateForDeliveryIndicator?: string;
            /** @description The presence of the tag SDLShipmentIndicator indicates Shipment is SDL. SDLShipmentIndicator presence means EEI form/ EEI Filing option required. */
            SDLShipmentIndicator?: string;
            /** @description Package Release code allows the consignee or claimant to pick-up a package at a UPS Access Point™. The shipper must provide the Package Release Code to the consignee so that they can provide the code to the UPS Access Point personnel as another item for authentication before the package is released to them. Package Release Code is only valid with ShipmentIndicationType 01 - Hold for Pickup at UPS Access Point™.  The release code must be between length 4 and 6 and only contain numbers. */
            EPRAReleaseCode?: string;
            RestrictedArticles?: components["schemas"]["ShipmentServiceOptions_RestrictedArticles"];
            /**
             * @description Inside delivery accessory. Valid values:
             *     01 - White Glove,
             *     02 - Room of Choice,
             *     03 - Installation,
             *     04 - Over Threshold Fee.
             *     Default is Room of Choice.  Shippers account needs to have a valid contract for Heavy Goods Service.
             */
            InsideDelivery?: string;
            /** @description Presence/Absence indicator. True if present; false otherwise. Any value is ignored. If present, indicates that the customer would like items disposed.  Shippers account needs to have a valid contract for Heavy Goods Service. */
            ItemDisposal?: string;
            /** @description Required for EU Inbound Shipments.Valid values are Y and N.Y= If shipment with total value less than or equal to 150 Euro. */
            EUDeMinimisIndicator?: string;
        };
        /** @description COD container  Indicates COD is requested. Shipment COD is only available for EU origin countries or territories and for shippers account type Daily Pickup and Drop Shipping. Not available to shipment with return service. */
        ShipmentServiceOptions_COD: {
            /** @description For valid values refer to: Rating and Shipping COD Supported Countries or Territories in the Appendix. */
            CODFundsCode: string;
            CODAmount: components["schemas"]["COD_CODAmount"];
        };
        /** @description COD Amount container. */
        COD_CODAmount: {
            /** @description COD amount currency code type. */
            CurrencyCode: string;
            /** @description COD Amount monetary value. */
            MonetaryValue: string;
        };
        /**
         * @description Access Point COD indicates COD is requested for a shipment.  Valid only for "01 - Hold For Pickup At UPS Access Point" Shipment Indication type. Shipment Access Point COD is valid only for countries or territories within E.U.
         *     Not valid with (Shipment) COD.
         *     Not available to shipment with return service.
         */
        ShipmentServiceOptions_AccessPointCOD: {
            /** @description Access Point COD Currency Code. */
            CurrencyCode: string;
            /** @description Access Point COD Monetary Value. */
            MonetaryValue: string;
        };
        /** @description Container for the Quantum View Notification (QVN) is valid for all shipments including Return service, Import Control and Returns Flexible Access.  Valid return service types are: ERL, PRL, PNM, RS1, or RS3.   The shipment level notification is valid for forward and return international shipments as well as for domestic shipments (for US and PR). */
        ShipmentServiceOptions_Notification: {
            /**
             * @description The type of notification requested.
             *
             *     Note:
             *     - QVN Exception notification and return notification are not applicable to GFP.
             *     - QV In-transit and Return Notifications are only valid for ImportControl and Return shipment.
             *     - QV In-transit Notification is allowed for return shipments only.
             *     - QV Ship Notification is allowed for forward moving shipments only.
             *
             *     Valid values:
             *     - 5 - QV In-transit Notification
             *     - 6 - QV Ship Notification
             *     - 7 - QV Exception Notification
             *     - 8 - QV Delivery Notification
             *     - 2 - Return Notification or Label Creation Notification
             *     - 012 - Alternate Delivery Location Notification
             *     - 013 - UAP Shipper Notification.
             */
            NotificationCode: string;
            EMail: components["schemas"]["Notification_EMail"];
            VoiceMessage?: components["schemas"]["Notification_VoiceMessage"];
            TextMessage?: components["schemas"]["Notification_TextMessage"];
            Locale?: components["schemas"]["Notification_Locale"];
        };
        /** @description Container for Email Information. */
        Notification_EMail: {
            /** @description Email address where the notification is sent.  Up to five email addresses are allowed for each type of Quantum View TM shipment notification. Up to two email address for return notification. */
            EMailAddress: string[];
            /** @description The address where an undeliverable eMail message is sent if the eMail with the notification is undeliverable.  There can be only one UndeliverableEMailAddress for each shipment with Quantum View Shipment Notifications. */
            UndeliverableEMailAddress?: string;
            /** @description The e-mail address specifies the Reply To E-mail address. The "From" field of the message header contains pkginfo@ups.com.  Valid for Return Notification only. */
            FromEMailAddress?: string;
            /** @description The name the email will appear to be from. Defaults to the Shipper Name.  The FromName must occur only once for each shipment with Quantum View Shipment Notifications. */
            FromName?: string;
            /** @description User defined text that will be included in the eMail.  The Memo must occur only once for each shipment with Quantum View Shipment Notifications. */
            Memo?: string;
        };
        /** @description VoiceMessage container is used for specifying phone number for receiving voice Alternate Delivery Location notification and UAP Shipper notification.  Valid only for Alternate Delivery Location notification and UAP Shipper notification. VoiceMessage phone number or TextMessage phone number or email address is required for ADL notification and UAP Shipper notification. */
        Notification_VoiceMessage: {
            /** @description Phone number for receiving Voice Alternate Delivery Location notification and UAP Shipper notification. */
            PhoneNumber: string;
        };
        /** @description TextMessage container is used for specifying phone number for receiving text Alternate Delivery Location notification and UAP Shipper notification.  Valid only for Alternate Delivery Location notification and UAP Shipper notification. VoiceMessage phone number or TextMessage phone number or email address is required for ADL notification and UAP Shipper notification. */
        Notification_TextMessage: {
            /** @description Phone number for receiving Text Alternate Delivery Location notification and UAP Shipper notification. */
            PhoneNumber: string;
        };
        /** @description This container is used for providing Language and dialect details for Alternate Delivery Location notifications and UAP Shipper notifications.  Valid only for Alternate Delivery Location notification and UAP Shipper notification. */
        Notification_Locale: {
            /** @description Refer to Language/Dialect Combinations in the Appendix for valid pairs. */
            Language: string;
            /** @description Refer to Language/Dialect Combinations in the Appendix for valid pairs. */
            Dialect: string;
        };
        /** @description Container for the Label Delivery accessorial. Note - LabelDelivery is not applicable for GFP and Mail Innovations Forward shipment.  Required for shipments with either Electronic Return Label Return Service or ImportControl Electronic LabelMethod type. Optional for shipments with Print Return Label Return Service or ImportControl Print LabelMethod type or Forward movement.  If this container is present for shipments with either Electronic Return Label Return Service or ImportControl Electronic LabelMethod type, either of the LabelLinksIndicator or EMail container should be provided. For shipments with Print Return Label Return Service or ImportControl Print LabelMethod type or Forward movement, only LabelLinksIndicator is valid option for LabelDelivery container. */
        ShipmentServiceOptions_LabelDelivery: {
            EMail?: components["schemas"]["LabelDelivery_EMail"];
            /** @description Indicates the Label and Receipt URLs are to be returned in the XML response. */
            LabelLinksIndicator?: string;
        };
        /** @description Container for the email message. */
        LabelDelivery_EMail: {
            /** @description The destination eMail address for the Label Delivery. */
            EMailAddress: string;
        };
        /** @description International Forms information. This is applicable to Trade Direct SMALLPACKAGE International Child movements and not applicable to Trade Direct Master or Trade Direct LTL Child movements. */
        ShipmentServiceOptions_InternationalForms: {
            /**
             * @description Indicates the name of the International Form requested.
             *
             *     Valid values:
             *     - 01 - Invoice
             *     - 03 - CO
             *     - 04 - USMCA
             *     - 05 - Partial Invoice
             *     - 06 - Packinglist
             *     - 07 - Customer Generated Forms
             *     - 08 – Air Freight Packing List
             *     - 09 - CN22 Form
             *     - 10 – UPS Premium Care Form
             *     - 11 - EEI
             *
             *     For shipment with return service, 05 or 10 are the only valid values.
             *
             *     Note: 01 and 05 are mutually exclusive and 05 are only valid for return shipments only.
             */
            FormType: string[];
            UserCreatedForm?: components["schemas"]["InternationalForms_UserCreatedForm"];
            UPSPremiumCareForm?: components["schemas"]["InternationalForms_UPSPremiumCareForm"];
            CN22Form?: components["schemas"]["InternationalForms_CN22Form"];
            /**
             * @description Presence of the indicator means user will supply additional document, such as EEI, USMCA or CO.  This indicator should be set when the shipper intends to utilize UPS paperless invoice functionality AND the shipper has SELF-PREPARED other International Forms (EEI, CO, USMCA) to accompany the shipment.
             *     It is evaluated only when:
             *     1. Account is paperless enabled.
             *     2. Movement requires an invoice.
             *     3. Destination country or territory accepts paperless invoice.
             *     4. Invoice data is supplied by the client and the data passes validation.
             */
            AdditionalDocumentIndicator?: string;
            /** @description Contains description text which identifies the group of International forms. This element does not appear on the forms. */
            FormGroupIdName?: string;
            EEIFilingOption?: components["schemas"]["InternationalForms_EEIFilingOption"];
            Contacts?: components["schemas"]["InternationalForms_Contacts"];
            Product: components["schemas"]["InternationalForms_Product"][];
            /** @description Commercial Invoice number assigned by the exporter.  Applies to Invoice and Partial Invoice forms only. Required for Invoice forms and optional for Partial Invoice. */
            InvoiceNumber?: string;
            /** @description Date when the Invoice is created. Ideally this is the same as the ship date.  Applies to Invoice and Partial Invoice forms only. Required for Invoice forms and optional for Partial Invoice. Required for Invoice form for forward shipments. For shipment with return service, the user input will be ignored, and the field will be blank on the invoice. Format is yyyyMMdd. */
            InvoiceDate?: string;
            /** @description The customer's order reference number.  Applies to Invoice and Partial Invoice forms only. */
            PurchaseOrderNumber?: string;
            /**
             * @description Indicates the rights to the seller from the buyer. Also, it refers to Terms of Sale.  Applies to Invoice and Partial Invoice forms only.
             *
             *     Valid values:
             *     CFR: Cost and Freight
             *     CIF: Cost Insurance and Freight
             *     CIP: Carriage and Insurance Paid
             *     CPT: Carriage Paid To
             *     DAF: Delivered at Frontier
             *     DDP: Delivery Duty Paid
             *     DAP: Delivery at Place
             *     DEQ: Delivered Ex Quay
             *     DES: Delivered Ex Ship
             *     EXW: Ex Works
             *     FAS: Free Alongside Ship
             *     FCA: Free Carrier
             *     FOB: Free On Board
             */
            TermsOfShipment?: string;
            /**
             * @description A reason to export the current international shipment.
             *     Valid values: SALE, GIFT, SAMPLE, RETURN, REPAIR, INTERCOMPANYDATA, Any other reason.  Applies to Invoice and Partial Invoice forms only. Required for Invoice forms and Optional for Partial Invoice.Required for EU Inbound Shipments.
             */
            ReasonForExport?: string;
            /** @description Any extra information about the current shipment.  Applies to Invoice and Partial Invoice forms only. */
            Comments?: string;
            /** @description This is the legal explanation, used by Customs, for the delivering of this shipment. It must be identical to the set of declarations actually used by Customs. Examples of declarations that might be entered in this field are: I hereby certify that the goods covered by this shipment qualify as originating goods for purposes of preferential tariff treatment under the USMCA. I hereby certify that the information on this invoice is true and correct and the contents and value of this shipment is as stated above.  EEA statement:  The exporter of the products covered by this document declares that except where otherwise clearly indicated these products are of EEA preferential origin.  Applies to Invoice and Partial Invoice forms only. On the invoice for return shipment, the verbiage is as follows (user input is ignored): The exporter of the products covered by this document declares that except where otherwise clearly indicated these products are of EEA preferential origin */
            DeclarationStatement?: string;
            Discount?: components["schemas"]["InternationalForms_Discount"];
            FreightCharges?: components["schemas"]["InternationalForms_FreightCharges"];
            InsuranceCharges?: components["schemas"]["InternationalForms_InsuranceCharges"];
            OtherCharges?: components["schemas"]["InternationalForms_OtherCharges"];
            /** @description Currency code for all the monetary values of the Invoice form.  Applies to Invoice and Partial Invoice forms only. */
            CurrencyCode?: string;
            BlanketPeriod?: components["schemas"]["InternationalForms_BlanketPeriod"];
            /** @description The date the goods will be exiting the country or territory.  Applies to CO and EEI forms only. Required for CO and EEI forms. Format is yyyyMMdd. */
            ExportDate?: string;
            /**
             * @description The name of the carrier that is exporting the shipment. The vessels flag number should also be entered, if the carrier is a vessel.
             *
             *     If value is empty, it will be set to default value as 'UPS' for EEI forms.  Applies to CO and EEI forms only. Required for CO forms.
             */
            ExportingCarrier?: string;
            /** @description The four-character Standard Carrier Alpha Code (SCAC) for vessel, rail, and truck shipments. For air shipment, enter the two or three character International Air Transport Association (IATA) code.  Applies to EEI forms only. No Validations. */
            CarrierID?: string;
            /** @description The two-character In Bond Code.  Applies to EEI forms only. Required for EEI forms. Valid values for EEI are: 70: Not in bond; 67: IE from a FTZ; 68: T&E from a FTZ. */
            InBondCode?: string;
            /** @description The Import Entry Number when the export transaction is used as proof of export for import transactions (examples: In Bond, Temporary Import Bond or Drawbacks).  Applies to EEI forms only. Conditionally Required for EEI forms when In bond code value is other than 70 (Not In Bond) */
            EntryNumber?: string;
            /** @description Contains one of the following:  The two-digit U.S. Postal Service abbreviation for the state from which the goods were shipped to the port of export. The state that is the source for the good with the highest value. The state of consolidation. The Foreign Trade Zone number of the zone from where the exports are leaving.  If the goods were shipped from Puerto Rico, enter PR.  Applies to EEI forms only. Required for EEI. */
            PointOfOrigin?: string;
            /** @description Valid values are : S (for state postal code abbreviation) , F : FTZ Identifier  Applies EEI forms only. Required for EEI form. */
            PointOfOriginType?: string;
            /** @description Mode of transport by which the goods are exported. Valid values: Air, AirContainerized, Auto, FixedTransportInstallations, Mail, PassengerHandcarried, Pedestrian, Rail, Rail, Containerized, RoadOther, SeaBarge, SeaContainerized, SeaNoncontainerized, Truck, TruckContainerized.  Applies to EEI forms only.  Required for EEI.  Only allowed values can be entered. Only 10 Characters can appear on the form. Anything greater than 10 characters will be truncated on the form. */
            ModeOfTransport?: string;
            /** @description Should be one of the following-Overland: The U.S. Customs port where the carrier crosses the U.S. border, Vessel and Air: The U.S. Customs port where the goods are loaded on the carrier to be exported from the U.S., Postal: The U.S. Postal Office from where the goods are mailed.  Applies to EEI forms only. No validation is performed. */
            PortOfExport?: string;
            /** @description The country or territory and the port where the goods will be unloaded from the exporting carrier. For vessel and air shipments only.  Applies to EEI forms only. No validation is performed. */
            PortOfUnloading?: string;
            /** @description Pier where goods are loaded. For vessel shipments only.  Applies to EEI forms only. No validation is performed. */
            LoadingPier?: string;
            /**
             * @description Information about parties to transaction. Use Related, if the parties to the transaction are related. A related party is an export from a U.S. businessperson or business to a foreign business or from a U.S. business to a foreign person or business where the person has at least 10 percent of the voting shares of the business during the fiscal year. If unincorporated, then an equivalent interest in the business.  Applies to EEI forms only.
             *
             *     Valid values:
             *     - R - Related
             *     - N - Non-related.
             *
             *     Parties to transaction is required if EEIFilingOption Code is 3 and if valid UPSFiled POA Code present in request.
             *
             *     Default will be set to N - Non-related if invalid code present with length of one.
             */
            PartiesToTransaction?: string;
            /** @description If Present, indicates that it is a routed export transaction. A routed export transaction is one, where the foreign principal party in interest authorizes a U.S. forwarding (or other) agent to export the merchandise outside the U.S.  Applies to EEI forms only. */
            RoutedExportTransactionIndicator?: string;
            /** @description If present indicates that the goods are containerized. This applies to vessel shipments only.  Applies to EEI forms only. */
            ContainerizedIndicator?: string;
            /** @description The application will automatically provide a copy of the invoice or USMCA with each response regardless of whether the user has enabled Paperless account. The user now has the option to print or ignore the copy provided. */
            OverridePaperlessIndicator?: string;
            /** @description Text for the shipper to add additional information.  Forward shipment only. */
            ShipperMemo?: string;
            /** @description This is an empty tag. Presence of the indicator for EEI form means shipment contains hazardous material. */
            HazardousMaterialsIndicator?: string;
        };
        /** @description Data container for DocumentID(s).  Required if Form Type is 07. */
        InternationalForms_UserCreatedForm: {
            /** @description DocumentID represents a document uploaded to Forms History. */
            DocumentID: string[];
        };
        /** @description UPS Premium Care Form is required if UPS Premium Care Indicator is present on a package.  Valid only for Canada to Canada movements. */
        InternationalForms_UPSPremiumCareForm: {
            /** @description Shipment Date associated with UPS Premium Care Shipment.   Valid Format: yyyyMMdd */
            ShipmentDate: string;
            /**
             * @description Size of UPS Premium Care Form.  Valid values:
             *     01 = A4 Size
             *     02 = Letter Size
             */
            PageSize: string;
            /**
             * @description Format of UPS Premium Care Form.  Valid values:
             *     01 = PNG
             *     02 = PDF
             */
            PrintType: string;
            /** @description Number of Copies of UPS Premium Care Form.  Valid value is 02. */
            NumOfCopies: string;
            LanguageForUPSPremiumCare: components["schemas"]["UPSPremiumCareForm_LanguageForUPSPremiumCare"];
        };
        /** @description Container to hold languages in which UPS Premium Care Form is required. */
        UPSPremiumCareForm_LanguageForUPSPremiumCare: {
            /**
             * @description Languages for UPS Premium Care Form. Two languages are required for UPS Premium Care Form.   Valid values:
             *     eng = US English
             *     fra = Canadian French
             */
            Language: string[];
        };
        /** @description Container for the CN22 form.  Required if the customer wants to use the UPS generated CN22. */
        InternationalForms_CN22Form: {
            /**
             * @description Provide the valid values:
             *     6 = 4X6
             *     1 = 8.5X11
             *       Required if the CN22 form container is present.
             */
            LabelSize: string;
            /** @description Number of label per page. Currently 1 per page is supported.  Required if the CN22 form container is present. */
            PrintsPerPage: string;
            /**
             * @description Valid Values are pdf, png, gif, zpl, star, epl2 and spl.
             *       Required if the CN22 form container is present.
             */
            LabelPrintType: string;
            /**
             * @description Valid values:
             *     1 = GIFT
             *     2 = DOCUMENTS
             *     3 = COMMERCIAL SAMPLE
             *     4 = OTHER  Required if the CN22 form container is present.
             */
            CN22Type: string;
            /** @description Required if CN22Type is OTHER.  Required if the CN22 form container is present. */
            CN22OtherDescription?: string;
            /** @description String will replace default "Fold Here" text displayed on the label. */
            FoldHereText?: string;
            CN22Content: components["schemas"]["CN22Form_CN22Content"][];
        };
        /**
         * @description Container for CN22 content.  Required if the CN22 form container is present.
         *     Note: The maximum number of goods printed on the CN22 form when a combined MI package and CN22 form label is requested is 30.
         */
        CN22Form_CN22Content: {
            /** @description Total number of items associated with this content.  Required if the CN22 form container is present. */
            CN22ContentQuantity: string;
            /**
             * @description Detailed description of the content.
             *
             *     If the combined MI package and CN22 label is requested, only the first 30 characters will appear on the combined label.  Required if the CN22 form container is present.
             */
            CN22ContentDescription: string;
            CN22ContentWeight: components["schemas"]["CN22Content_CN22ContentWeight"];
            /** @description Total value of the items associated with this content.  Required if the CN22 form container is present. */
            CN22ContentTotalValue: string;
            /** @description Currently only USD is supported.  Required if the CN22 form container is present. */
            CN22ContentCurrencyCode: string;
            /** @description Country or Territory of Origin from where the CN22 contents originated. */
            CN22ContentCountryOfOrigin?: string;
            /** @description The tariff number associated with the CN22 contents. */
            CN22ContentTariffNumber?: string;
            DDSReferenceNumber?: components["schemas"]["CN22Content_CN22DDSReferenceNumber"];
        };
        CN22Content_CN22DDSReferenceNumber: {
            /** @description holds a list of DDS Reference Numbers */
            Number?: string;
        };
        /** @description Container for CN22 content weight. */
        CN22Content_CN22ContentWeight: {
            UnitOfMeasurement: components["schemas"]["CN22ContentWeight_UnitOfMeasurement"];
            /** @description Total weight of the content. Pounds and Ounces are allowed up to 2 decimals.  Required if the CN22 form container is present. */
            Weight: string;
        };
        /** @description Container for UOM. */
        CN22ContentWeight_UnitOfMeasurement: {
            /** @description Required if weight is provided, valid values are lbs. and ozs.  Required if weight is provided. */
            Code: string;
            /** @description Short description for UnitOfMeasurement. */
            Description?: string;
        };
        /** @description EEI Filing option.  Applicable for EEI form and is required. */
        InternationalForms_EEIFilingOption: {
            /**
             * @description Required for EEI Form.  Applicable for EEI form.
             *     Valid values:
             *     1 - Shipper filed,
             *     2 - AES Direct,
             *     3 - UPS filed.
             */
            Code: string;
            /** @description Email Address where the notification is sent. Valid for UPS filed (option 3), Shipper filed (option 1- A , 1-C)  Applicable for EEI form. */
            EMailAddress?: string;
            /** @description Optional Description of Filing Code.  Applicable for EEI form. */
            Description?: string;
            UPSFiled?: components["schemas"]["EEIFilingOption_UPSFiled"];
            ShipperFiled?: components["schemas"]["EEIFilingOption_ShipperFiled"];
        };
        /** @description Indicates the EEI UPS Filed option. (option 3)  Applicable for EEI form. */
        EEIFilingOption_UPSFiled: {
            POA: components["schemas"]["UPSFiled_POA"];
        };
        /** @description Container for POA.  Applicable for EEI form. */
        UPSFiled_POA: {
            /** @description Indicates the EEI UPS Filed POA filing option.  Applicable for EEI form. Valid values are 1- One Time POA; 2- Blanket POA. */
            Code: string;
            /** @description Description for POA Code.  Applicable for EEI form. */
            Description?: string;
        };
        /** @description Indicates the EEI Shipper Filed option or AES Direct. (Option 1 or 2).  Applicable for EEI form. */
        EEIFilingOption_ShipperFiled: {
            /** @description Indicates the EEI Shipper sub option.  Applicable for EEI form and is required. Valid value is: A- requires the ITN; B- requires the Exemption Legend; C- requires the post departure filing citation. */
            Code: string;
            /** @description Description of ShipperFiled Code.  Applicable for EEI form. */
            Description?: string;
            /** @description Input for Shipper Filed option A and AES Direct. The format is available from AESDirect website.  Valid and Required for Shipper Filed option A. EEI form only. */
            PreDepartureITNNumber?: string;
            /** @description Input for Shipper Filed option B. 30.2(d)(2), 30.26(a), 30.36, 30.37(a), 30.37(b), 30.37(c), 30.37(d), 30.37(e), 30.37(f), 30.37(h), 30.37(i), 30.30(j), 30.37(k), 30.37(i), 30.37(j), 30.37(k), 30.37(l), 30.37(m), 30.37(n), 30.37(o), 30.37(p), 30.37(q), 30.37(r), 30.37(s), 30.37(t), 30.37(u), 30.37(x), 30.37(y)(1), 30.37(y)(2), 30.37(y)(3), 30.37(y)(4), 30.37(y)(5), 30.37(y)(6), 30.39, 30.40(a), 30.40(b), 30.40(c), 30.40(d), 30.8(b)  Valid and Required for Shipper Filed option B. EEI form only. */
            ExemptionLegend?: string;
            /** @description Shipment Reference Number for use during interaction with AES. Valid for EEI form for Shipper Filed option 'C' and AES Direct Filed. */
            EEIShipmentReferenceNumber?: string;
        };
        /** @description Holds the contact information of various parties.  Applicable for EEI and USMCA only. Required for USMCA and EEI. Ultimate consignee contact information is required for EEI.  Producer contact information is required for USMCA */
        InternationalForms_Contacts: {
            ForwardAgent?: components["schemas"]["Contacts_ForwardAgent"];
            UltimateConsignee?: components["schemas"]["Contacts_UltimateConsignee"];
            IntermediateConsignee?: components["schemas"]["Contacts_IntermediateConsignee"];
            Producer?: components["schemas"]["Contacts_Producer"];
            SoldTo?: components["schemas"]["Contacts_SoldTo"];
        };
        /** @description The forwarding agent is the company or person acting as agent in the trans-shipping of freight to the destination country or territory.  Applicable for EEI form only. */
        Contacts_ForwardAgent: {
            /** @description Company Name or the Individual name of the Forwarding agent.  Applicable for EEI form only. */
            CompanyName: string;
            /**
             * @description Tax ID of the Forwarding agent.
             *     Valid Values: (Below values are applicable for EEIFilingOption Code =3)
             *     94-308351500
             *     13-168669100
             *       Applicable for EEI form only.
             */
            TaxIdentificationNumber: string;
            Address: components["schemas"]["ForwardAgent_Address"];
        };
        /** @description Address information of the Forwarding agent.  Applicable for EEI form only. */
        ForwardAgent_Address: {
            /** @description Address line of the Forwarding agent.  Applicable for EEI form only. */
            AddressLine: string[];
            /** @description City of the Forwarding agent.  Applicable for EEI form only. */
            City: string;
            /**
             * @description State of the Forwarding agent.  Applicable for EEI form only. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /** @description Town of the Forwarding Agent.  Applicable for EEI form only. */
            Town?: string;
            /** @description Postal code of the Forwarding agent.  Applicable for EEI form only. Required for certain countries or territories. The length of the postal code depends on the country or territory code */
            PostalCode?: string;
            /** @description Country or Territory code of the Forwarding agent.  Applicable for EEI form only. */
            CountryCode: string;
        };
        /** @description The ultimate consignee is the person or company who receives the goods for end-use or the person or company listed on the export license. This is the end-user of the goods.  Applicable for EEI form only. */
        Contacts_UltimateConsignee: {
            /** @description Company Name or the Individual name of the Ultimate consignee.  Applicable for EEI form only. */
            CompanyName: string;
            Address: components["schemas"]["UltimateConsignee_Address"];
            UltimateConsigneeType?: components["schemas"]["UltimateConsignee_UltimateConsigneeType"];
        };
        /** @description Address information of the Ultimate consignee.  Applicable for EEI form only. */
        UltimateConsignee_Address: {
            /** @description Address line of the Ultimate consignee.  Applicable for EEI form only. */
            AddressLine: string[];
            /** @description City of the Ultimate consignee.  Applicable for EEI form only. */
            City: string;
            /**
             * @description State of the Ultimate consignee.  Applicable for EEI form only.  Required for US, Canada, and Vietnam (VN).
             *
             *     The length of the postal code depends on the country or territory code.
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /** @description Town of the Ultimate consignee.  Applicable for EEI form only. */
            Town?: string;
            /** @description Postal code of the Ultimate consignee.  Applicable for EEI form only. Required for certain countries or territories. The length of the postal code depends on the country or territory code. */
            PostalCode?: string;
            /** @description Country or Territory code of the Ultimate consignee.  Applicable for EEI form only. */
            CountryCode: string;
        };
        /** @description Container for providing UltimateConsignee Type.  Applicable for EEI form only. */
        UltimateConsignee_UltimateConsigneeType: {
            /**
             * @description Ultimate Consignee Type Code.   Applicable for EEI form only.
             *
             *     Valid values:
             *     D =  Direct Consumer
             *     G = Government Entity
             *     R = Reseller
             *     O = Other/Unknown
             */
            Code: string;
            /** @description Ultimate Consignee Type Description.  Applicable for EEI form only. */
            Description?: string;
        };
        /** @description The intermediate consignee is the person or company in the importing country or territory that makes final delivery to the ultimate consignee.  Applicable for EEI form only. */
        Contacts_IntermediateConsignee: {
            /** @description Company Name or the Individual name of the Intermediate consignee.  Applicable for EEI form only. */
            CompanyName: string;
            Address: components["schemas"]["IntermediateConsignee_Address"];
        };
        /** @description Address information of the Intermediate Consignee.  Applicable for EEI form only. */
        IntermediateConsignee_Address: {
            /** @description Address line of the Intermediate Consignee.  Applicable for EEI form only. */
            AddressLine: string[];
            /** @description City of the Intermediate Consignee.  Applicable for EEI form only. */
            City: string;
            /**
             * @description State of the Intermediate Consignee.  Applicable for EEI form only. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /** @description Town of the Intermediate consignee.  Applicable for EEI form only. */
            Town?: string;
            /** @description Postal code of the Intermediate Consignee.  Applicable for EEI form only. Required for certain countries or territories. The length of the postal code depends on the country or territory code. */
            PostalCode?: string;
            /** @description Country or Territory code of the Intermediate Consignee.  Applicable for EEI form only. */
            CountryCode: string;
        };
        /**
         * @description Information of the producer. The USMCA Certificate of Origin must be completed, signed, and dated by the exporter.
         *     When the Certificate is completed by the producer for use by the exporter, it must be completed, signed, and dated by the producer. The date must be the date the Certificate was completed and signed.  Applies to USMCA.  Required for USMCA forms.
         */
        Contacts_Producer: {
            /**
             * @description The text associated with the code will be printed in the producer section instead of producer contact information.
             *     Use attached List if more than one producer's good is included on the Certificate, attach a list of additional producers, including the legal name, address (including country or territory), and legal tax identification number, cross-referenced to the goods described in the Description of Goods field.  Applies to USMCA.
             *     Valid values:
             *     01 - AVAILABLE TO CUSTOMS UPON REQUEST
             *     02 - SAME AS EXPORTER
             *     03 - ATTACHED LIST
             *     04 - UNKNOWN
             */
            Option?: string;
            /** @description Company Name or the Individual name of the Producer.  Applies to USMCA.  Only applicable when producer option is empty or not present. Conditionally required for: USMCA, when Producer option is not specified. */
            CompanyName?: string;
            /** @description Tax ID of the Producer.  Applies to USMCA. Only applicable when producer option is empty or not present */
            TaxIdentificationNumber?: string;
            Address?: components["schemas"]["Producer_Address"];
            /** @description Contact name at the Producer location.  Applies to USMCA. */
            AttentionName?: string;
            Phone?: components["schemas"]["Producer_Phone"];
            /** @description Producer email address.  Applies to USMCA. */
            EMailAddress?: string;
        };
        /** @description Address information of the Producer.  Applies to USMCA. Only applicable if producer option is empty or not present. Conditionally required for: USMCA, when Producer option is not specified. */
        Producer_Address: {
            /** @description Address line of the Producer. */
            AddressLine: string[];
            /** @description City of the Producer.  Applies to USMCA. Conditionally required for: USMCA, when Producer option is not specified. */
            City: string;
            /**
             * @description State of the Producer. Applies to USMCA. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /** @description Town of the Producer. */
            Town?: string;
            /** @description Postal code of the Producer.  Applies to USMCA. Required for certain countries or territories. The length of the postal code depends on the country or territory code. */
            PostalCode?: string;
            /** @description Country or Territory code of the Producer.  Applies to USMCA. */
            CountryCode: string;
        };
        /** @description Phone number information of Producer.  Applies to USMCA. */
        Producer_Phone: {
            /** @description The locations phone number of the Producer. Applies to USMCA. */
            Number: string;
            /** @description The locations phone extension of the Producer. Applies to USMCA. */
            Extension?: string;
        };
        /** @description SoldTo Container. The Sold To party's country code must be the same as the Ship To party's country code with the exception of Canada and satellite countries.  Applies to Invoice and USMCA Forms. Required if Invoice or USMCA (International Form) is requested. */
        Contacts_SoldTo: {
            /** @description Company Name. */
            Name: string;
            /** @description Sold to contact name. */
            AttentionName: string;
            /**
             * @deprecated
             * @description SoldTo Tax Identification Number. This element has been deprecated, replacement can be found in the GlobalTaxInformation container.
             */
            TaxIdentificationNumber?: string;
            Phone?: components["schemas"]["SoldTo_Phone"];
            /** @description The text associated with the code will be printed in the sold to section of the USMCA form.  The values indicate the following: 01 – Unknown.  Applies to USMCA form. Possible Values are 01 and 02. */
            Option?: string;
            Address: components["schemas"]["SoldTo_Address"];
            /** @description SoldTo email address. */
            EMailAddress?: string;
            /** @description SoldTo AccountNumber */
            AccountNumber?: string;
        };
        /** @description Phone Container. */
        SoldTo_Phone: {
            /** @description Sold To contacts phone number. */
            Number: string;
            /** @description Sold To contacts phone extension. */
            Extension?: string;
        };
        /** @description Sold To Address Container.  Applies to USMCA. */
        SoldTo_Address: {
            /** @description SoldTo location's street address.  Applies to USMCA. */
            AddressLine: string[];
            /** @description SoldTo location's city. */
            City: string;
            /**
             * @description SoldTo location's state or province code. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             */
            StateProvinceCode?: string;
            /** @description SoldTo location's town code. */
            Town?: string;
            /** @description SoldTo location's postal code. */
            PostalCode?: string;
            /** @description SoldTo location's country or territory code. */
            CountryCode: string;
        };
        /**
         * @description Contains the commodity/product information.  Applies to EEI, Invoice, Partial Invoice, CO and USMCA. When any International form is requested, at least one Product must be present.
         *
         *     Maximum number of products allowed for different forms are:
         *
         *     50: Package Packing List
         *
         *     100: Commercial Invoice, USMCA, CO, EEI
         *
         *     1000: Air Freight packing list
         *
         *     Note: For Partial Invoice this container is optional.
         */
        InternationalForms_Product: {
            /** @description Description of the product.  Applies to all International Forms. Optional for Partial Invoice. Must be present at least once and can occur for a maximum of 3 times. */
            Description: string[];
            Unit?: components["schemas"]["Product_Unit"];
            /** @description 6-to-15-alphanumeric commodity code. Customs uses this code to determine what duties should be assessed on the commodity.  Applies to Invoice, Partial Invoice and USMCA. Required for USMCA and optional for Partial Invoice. Should be at least 6 alphanumeric. For USMCA: For each good described in Description of Goods field, identify the H.S. tariff classification to six digits. If the good is subject to a specific rule of origin in Annex 401 that requires eight digits, identify to eight digits, using the H.S. tariff classification of the country or territory into whose territory the good is imported. */
            CommodityCode?: string;
            /** @description The part number or reference number for the product contained in the invoice line, as indicated on the customs invoice.  Applies to Invoice and Partial Invoice. Required for Invoice forms and optional for Partial Invoice. */
            PartNumber?: string;
            /** @description The country or territory in which the good was manufactured, produced or grown. For detailed information on country or territory of origin, certificate of origin, rules of origin, and any related matters, please refer to the U.S. Customs and Border Protection Web site at www.customs.gov or contact your country or territory's Customs authority. */
            OriginCountryCode?: string;
            /** @description If present, JNT will be used as the origin of country or territory code on the USMCA form and the Product/Origincountry or territoryCode tag will be ignored.  Applies to USMCA only. */
            JointProductionIndicator?: string;
            /**
             * @description For each good described in the Description of Goods field, where the good is subject to a regional value content (RVC) requirement, indicate NC if the RVC is calculated according to the net cost method; otherwise, indicate NO. If the RVC is calculated over a period of time then indicate "NC with begin/end date" by passing code "ND"  Applies to USMCA only. Required for USMCA.  Valid values:
             *     - NC
             *     - ND
             *     - NO
             */
            NetCostCode?: string;
            NetCostDateRange?: components["schemas"]["Product_NetCostDateRange"];
            /**
             * @description Indicates the criterion (A through F) for each good described in the Description of Goods field if applicable.
             *
             *     The rules of origin are contained in Chapter Four and Annex 401.
             *
             *     Additional rules are described in Annex 703.2 (certain agricultural goods), Annex 300-B, Appendix 6 (certain textile goods) and Annex 308.1 (certain automatic data processing goods and their parts).  Applies to USMCA only.
             */
            PreferenceCriteria?: string;
            /**
             * @description Indicate the following:  Yes - If shipper is the producer of the good. If not, state 02, 03, and 04 depending on whether this certificate was based upon:
             *     No [1] - Knowledge of whether the good qualifies as an originating good.
             *     No [2] - Reliance on the producers written representation (other than a Certificate of Origin) that the good qualifies as an originating good.
             *     No [3] - A completed and signed Certificate for the good voluntarily provided to the exporter by the producer.  Applicable for USMCA and is required. Valid values: Yes, No [1], No [2], and No [3].
             */
            ProducerInfo?: string;
            /** @description Any special marks, codes, and numbers that may appear on package.  Applies to CO Only. */
            MarksAndNumbers?: string;
            /** @description The total number of packages, cartons, or containers for the commodity.  Applicable for CO and is required. Should be numeric. Valid characters are 0 -9. */
            NumberOfPackagesPerCommodity?: string;
            ProductWeight?: components["schemas"]["Product_ProductWeight"];
            /** @description Includes the following information for used self-propelled vehicles as defined in Customs regulations 19 CFR 192.1: The unique Vehicle Identification Number (VIN) in the proper format. Or The Product Identification Number (PIN) for those used self-propelled vehicles for which there are no VINs.  Or the Vehicle Title Number.  Applies to EEI forms only. */
            VehicleID?: string;
            ScheduleB?: components["schemas"]["Product_ScheduleB"];
            /** @description Code indicating Domestic: Exports that have been produced, manufactured, or grown in the United States or Puerto Rico. This includes imported merchandise which has been enhanced in value or changed from the form in which imported by further manufacture or processing in the United States or Puerto Rico. Foreign: Merchandise that has entered the United States and is being exported again in the same condition as when imported.   Applies to EEI forms only. Required for EEI form.  Valid values:  D: Domestic; F: Foreign. */
            ExportType?: string;
            /**
             * @description This amount will always be USD.  Applies to EEI forms only. Required for EEI form. Valid characters are 0-9 and \'.\' (Decimal point). Limit to 2 digit after the decimal. The maximum length of the field is 15 including \'.\' and can hold up to 2 decimal places.
             *
             *     Note: This value is calculated based on the Product/Unit/Value and /Product/Unit/Number (Number of Units * Price per Unit). If the total value is incorrect it will be replaced by the actual calculated total value.
             */
            SEDTotalValue?: string;
            /** @description Invoice Commodity Level Tax Collected Code for each shipment commodity line.Taxes paid Indicator is only applicable for shipments to Singapore. [TaxesPaid = 0 - No on Report], [TaxesPaid = 1 -Yes on Report], [TaxesPaid = empty - null on Report], [If TaxesPaid is not passed in input request = null on Report] */
            TaxesPaid?: string;
            ExcludeFromForm?: components["schemas"]["Product_ExcludeFromForm"];
            PackingListInfo?: components["schemas"]["Product_PackingListInfo"];
            EEIInformation?: components["schemas"]["Product_EEIInformation"];
            DDSReferenceNumber?: components["schemas"]["Product_DDSReferenceNumber"];
            ProductIdentifier?: components["schemas"]["Product_ProductIdentifier"];
            /** @description Conditionally required for EU inbound shipments. Must be set to "01" when a Standardized Product ID is not provided. */
            CommodityFieldSpecialConditionCode?: string;
        };
        /** @description Container tag for the Unit information of each product. (also called as commodity)  Required for Invoice forms and optional for Partial Invoice. */
        Product_Unit: {
            /** @description Total quantity of each commodity to be shipped, measured in the units specified in the Unit of Measure field.  Required for Invoice forms and optional for Partial Invoice. Must be numeric. Valid characters are 0-9. */
            Number: string;
            UnitOfMeasurement: components["schemas"]["Unit_UnitOfMeasurement"];
            /** @description Monetary amount used to specify the worth or price of the commodity. Amount should be greater than zero.  Applies to Invoice and Partial Invoice form. Required for Invoice forms and optional for Partial Invoice. Amount should be greater than zero.  Valid characters are 0-9 and. (Decimal point). Limit to 6 digits after the decimal. The maximum length of the field is 19 including '.' and can hold up to 6 decimal places.(#####.######, ######.#####, #######.####, ########.###, #########.##,##########.#,############). The value of this product  and the other products should be such that the invoice line total which is the sum of ( number*values) of all products should not exceed 9999999999999999.99 */
            Value: string;
        };
        /** @description Container tag for the Unit of measurement for the commodity.  Required for Invoice forms and optional for Partial Invoice. */
        Unit_UnitOfMeasurement: {
            /**
             * @description Code for the Unit of measurement of the commodity units.  Required for Invoice forms and optional for Partial Invoice.
             *
             *     Refer to Product Unit of Measure Codes in the Appendix for valid values.
             */
            Code: string;
            /** @description The Unit of Measure if OTH (Other) is entered as the UnitOfMeasurement code.  Applies to Invoice and Partial Invoice forms.  Conditionally Required for the Invoice and Partial Invoice form if OTH is entered as the units UnitOfMeasurement Code. */
            Description?: string;
        };
        /** @description Date Range for regional value content (RVC).  Applies to USMCA CO only. */
        Product_NetCostDateRange: {
            /** @description If the RVC is calculated over a period of time, it should be identified by the begin date (yyyyMMdd) of that period. (Reference: Articles 402.1, 402.5).  Applies to USMCA only. Format is yyyyMMdd. */
            BeginDate: string;
            /** @description If the RVC is calculated over a period of time, it should be identified by the End date (yyyyMMdd) of that period. (Reference: Articles 402.1, 402.5).  Applies to USMCA only. Format is yyyyMMdd. */
            EndDate: string;
        };
        /** @description The shipping weight, including containers, for each commodity with a separate Harmonized Tariff Code / Schedule B Number. This weight does not include carrier equipment.  Applies to CO and EEI forms only. Required for CO and EEI forms. */
        Product_ProductWeight: {
            UnitOfMeasurement: components["schemas"]["ProductWeight_UnitOfMeasurement"];
            /** @description Weight of Product.  Applies to CO and EEI forms only. Valid characters are 0-9 and '.' (Decimal point). Limit to 1 digit after the decimal. The maximum length of the field is 5 including '.' and can hold up to 1 decimal place. */
            Weight: string;
        };
        /** @description Container tag for the Unit of Measurement of weight.  Applies to CO and EEI forms only. */
        ProductWeight_UnitOfMeasurement: {
            /**
             * @description Code for unit of Measurement of weight.  Applies to CO and EEI forms only.  Valid values:
             *     - KGS
             *     - LBS
             */
            Code: string;
            /** @description Description of the Unit of Measure. */
            Description?: string;
        };
        /** @description Container tag for the schedule B information of a commodity.  Applies to EEI forms only. Required for EEI form */
        Product_ScheduleB: {
            /** @description A unique 10-digit commodity classification code for the item being exported. (To classify a commodity access the following Web page: http://www.census.gov/foreign-trade/schedules/b/#search).  Applies to EEI forms only. Has to be 10 characters. */
            Number: string;
            /** @description The count of how many Schedule B units of the current good are in the shipment (EEI only). For example, if the Schedule B unit of measure is dozens and eight dozen, is being shipped, indicate 8 in this field.  Applies to EEI forms only. Conditionally required for EEI forms if ScheduleB UnitOfMeasurement is not X. Should be Numeric. Valid characters are 0 -9. */
            Quantity?: string[];
            UnitOfMeasurement: components["schemas"]["ScheduleB_UnitOfMeasurement"][];
        };
        /** @description The unit of measure indicated on the Export License.  Applies to EEI forms only. */
        ScheduleB_UnitOfMeasurement: {
            /**
             * @description The unit of measure indicated on the Export License. Enter an X if there is no unit of measure in the Schedule B Unit field.  Applies to EEI forms only. Required for the EEI form.
             *
             *     Refer to ScheduleB Unit of Measure Codes in the Appendix for valid values.
             */
            Code: string;
            /** @description Description of the Unit of Measure. */
            Description?: string;
        };
        /** @description Container tag for determining whether or not to exclude product information from a particular form.  If this container is not present we assume that the DEFAULT is selected which is "none" and all products will appear on all forms. */
        Product_ExcludeFromForm: {
            /** @description Indicates the name of the International form requested to NOT have product information.  Possible Values are 04 – USMCA.  Please note that if this is used and you DO NOT have the corresponding form type requested this will be IGNORED. */
            FormType: string[];
        };
        /** @description Data Container holding package related information.  Required for packaging list, Air Freight Packing list and multi-piece Economy shipments. */
        Product_PackingListInfo: {
            PackageAssociated: components["schemas"]["PackingListInfo_PackageAssociated"][];
        };
        /**
         * @description Data Container holding package/product related information that will break up the product into each package on the packing list.  Total product amount must equal the product unit value above. Required for packaging list and Air Freight Packing list.                                                      Packaging list max allowed : 20
         *     Air Freight Packaging list max allowed: 200
         */
        PackingListInfo_PackageAssociated: {
            /** @description Package number the product should be allocated to ont he packing list.  Required for packaging list and Air Freight Packing list. */
            PackageNumber: string;
            /** @description Amount of Product associated with a package.  Required for packaging list and Air Freight Packing list. */
            ProductAmount: string;
            /** @description Product Note. */
            ProductNote?: string;
        };
        Product_DDSReferenceNumber: {
            /** @description holds a list of DDS Reference Numbers */
            Number?: string;
        };
        /** @description The Product Identifier list contains the following pair of fields:1)Product ID 2)Product ID Type Code. Required for EU Inbound Shipments. */
        Product_ProductIdentifier: unknown[];
        /** @description Required for EEI form.  Applies to EEI form only. */
        Product_EEIInformation: {
            /** @description Required for EEI form id it is a SDL product. Valid values: LC, LV, SS,MS, GS, DP, HR, UG, IC, SC, DD, HH, SR, TE,TL, IS, CR, GP, RJ, TP, IP, IR, DB, CH, RS, OS  Applies to EEI form only. Required if EEIFilingOption code 3 specified for EEI form. */
            ExportInformation?: string;
            License?: components["schemas"]["EEIInformation_License"];
            DDTCInformation?: components["schemas"]["EEIInformation_DDTCInformation"];
        };
        /** @description Licence information for SDL commodity.  Applies to EEI form only. */
        EEIInformation_License: {
            /**
             * @description Represents any one of the following values: export license number, exception code, CFR citation, KPC Number, ACM Number.  Applies to EEI form only.
             *
             *     Refer to EEI License Types and Exemptions in the Appendix  for valid values and formats.
             */
            Number?: string;
            /**
             * @description The standard license code published by US government.
             *     Refer to EEI License Codes in the Appendix for valid values.  Applies to EEI form only. It is required for EEIFilingOption code 3. It is optionally required for all other filing types; however, it is used to categorize each product as SDL or non-SDL.  It is also used to identify which piece of information is applicable.
             */
            Code?: string;
            /**
             * @description The export monetary amount allowed per license. Required for a licensable product when the EEI form is selected.
             *     Format: Whole numbers only.  Applies to EEI form only. Required if EEIFilingOption code 1A (only for SDL shipments) or 3.
             */
            LicenseLineValue?: string;
            /** @description Product ECCN Number issued by BIS (Bureau of Industry and Security). If the license number is a commerce license, ECCN must be provided. The format is #A### or EAR99  Applies to EEI forms only. It is required for EEIFilingOption code 3. ECCN is required one of the following License Exception Codes is entered: CIV, CTP, ENC, GBS, KMI, LVS, TSR */
            ECCNNumber?: string;
        };
        /** @description Department of State/ Directorate of Defense Trade Control Information. This element is a container for additional information that is applicable to SDL products. It will only be evaluated if the provided license code is an SDL code.  Applies to EEI Form only. */
        EEIInformation_DDTCInformation: {
            /**
             * @description The specific citation (exemption number) under the International Traffic in Arms Regulations (ITAR) from the Code of Federal Register (see 22 CFR 120-130) that exempts the shipment from the requirements for a license or other written authorization from the Directorate of Trade Controls (DDTC).
             *     Refer to EEI License Codes in the Appendix for valid values.  Applies to EEI Form only. This field is applicable for EEIFiling option 1A and 3.
             */
            ITARExemptionNumber?: string;
            /** @description Digit numeric code (e.g. 01-18, 20 or 21). Indicates the U.S. Munitions List (USML) category article, service or related technical data as it applies to the article reported.  Applies to EEI form only. It is required for EEIFilingOption code 3. */
            USMLCategoryCode?: string;
            /** @description Presence/Absent indicator. Certification by the U.S. exporter that the exporter is an eligible party to participate in the defense trade. */
            EligiblePartyIndicator?: string;
            /** @description It is a unique registration code assigned to the registrant. The DDTC registration code consist of a letter prefix, M (assigned to a manufacturer and/or exporter) or K (assigned to a broker), followed by four or five digits (e.g. K-1234 or M12345).  It is required for EEIFilingOption code 3. */
            RegistrationNumber?: string;
            /** @description Export Quantity.  Applies to EEI form only. It is required for EEIFilingOption code 3. Only positive integer value is valid. */
            Quantity?: string;
            UnitOfMeasurement?: components["schemas"]["DDTCInformation_UnitOfMeasurement"];
            /** @description Presence/ Absence Indicator.  Applies to EEI form only. */
            SignificantMilitaryEquipmentIndicator?: string;
            /** @description Approved Community Member Number (ACM). It is required to be provided along with ITARExemptionNumber for some License code (SGB and SAU). The ACM# for the United Kingdom (License code SGB) must begin with UK followed by 9 numbers.  The ACM# for Australia (License Code SAU) must begin with DTT followed by 8 numbers.  Applies to EEI form only.  It is required for EEIFilingOption code 1A and 3. */
            ACMNumber?: string;
        };
        /** @description Container for unit of measurement.  Applies to EEI form only. It is required for EEIFilingOption code 3. */
        DDTCInformation_UnitOfMeasurement: {
            /** @description Required for EEI form. Unit of measurement code. The two or three (3) alpha unit of measurement for the article being shipped. For example: BAG/BG - bags  Applies to EEI form only.  It is required for EEIFilingOption code 1A and 3. */
            Code: string;
            /** @description Description for Unit of Measurement.  Applies to EEI form only. */
            Description?: string;
        };
        /** @description Container tag that holds the discount.  Applies to Invoice and Partial Invoice forms only. */
        InternationalForms_Discount: {
            /** @description The discount to be subtracted from the sum of the total value on the invoice.  Applies to Invoice and Partial Invoice forms only. Required for Invoice forms and optional for Partial Invoice. Valid characters are 0-9 and '.'  (Decimal point). Limit to 2 digit after the decimal. The maximum length of the field is 15 including '.' and can hold up to 2 decimal places. This value should be greater than or equal to zero or less than or equal to the value of all goods listed on the invoice. */
            MonetaryValue: string;
        };
        /** @description Container tag that holds the Freight Charges.  Applies to Invoice and Partial Invoice forms only. */
        InternationalForms_FreightCharges: {
            /** @description Cost to transport the shipment.  Applies to Invoice and Partial Invoice forms only. Required for Invoice forms and optional for Partial Invoice. Valid characters are 0-9 and '.'  (Decimal point). Limit to 2 digit after the decimal. The maximum length of the field is 15 including '.' and can hold up to 2 decimal places. */
            MonetaryValue: string;
        };
        /** @description Container tag that holds the Insurance Charges.  Applies to Invoice and Partial Invoice forms only. */
        InternationalForms_InsuranceCharges: {
            /** @description The amount the shipper or receiver pays to cover the cost of replacing the shipment if it is lost or damaged.  Applies to Invoice and Partial Invoice forms only. Required for Invoice forms and optional for Partial Invoice. Valid characters are 0-9 and '.'  (Decimal point). Limit to 2 digit after the decimal. The maximum length of the field is 15 including '.' and can hold up to 2 decimal places. */
            MonetaryValue: string;
        };
        /** @description Container tag that holds the information of amount that covers additional charges not already listed on the invoice.  Applies to Invoice and Partial Invoice forms only. */
        InternationalForms_OtherCharges: {
            /** @description The Monetary value of Other Charges.  Applies to Invoice and Partial Invoice forms only. Required for Invoice forms and optional for Partial Invoice. Valid characters are 0-9 and '.' (Decimal point). Limit to 2 digit after the decimal. The maximum length of the field is 15 including '.' and can hold up to 2 decimal places. */
            MonetaryValue: string;
            /** @description Description of what the other charges are for.  Applies to Invoice and Partial Invoice forms only. Required for Complete Invoice and Optional for Partial Invoice forms. */
            Description: string;
        };
        /** @description This field should be entered if the  USMCA Certificate covers multiple shipments of identical goods as described in the Description of Goods field that are imported into a USMCA country or territory for a specified period of up to one year (the blanket period). The importation of a good for which preferential treatment is claimed based on this certificate must occur between these dates.  Applies to USMCA form only. Required for USMCA.  This is not valid for a paperless shipment. */
        InternationalForms_BlanketPeriod: {
            /** @description Begin date of the blanket period. It is the date upon which the Certificate becomes applicable to the good covered by the blanket Certificate (it may be prior to the date of signing this Certificate).  Applies to USMCA form only. Required for USMCA. Format is yyyyMMdd. This is not valid for a paperless shipment. */
            BeginDate: string;
            /** @description End Date of the blanket period. It is the date upon which the blanket period expires.  Applies to USMCA form only. Required for USMCA CO. Format is yyyyMMdd.  This is not valid for a paperless shipment. */
            EndDate: string;
        };
        /**
         * @description Delivery Confirmation container.   Valid for forward shipments only.
         *
         *     Refer to Delivery Confirmation Origin-Destination Pairs in the Appendix for a list of valid values.
         */
        ShipmentServiceOptions_DeliveryConfirmation: {
            /**
             * @description Type of delivery confirmation.  Valid values:
             *     1 - Delivery Confirmation Signature Required
             *     2 - Delivery Confirmation Adult Signature Required. Valid for forward shipments only.
             */
            DCISType: string;
            /** @description DCIS Number. */
            DCISNumber?: string;
        };
        /** @description Type of ImportControl Label. This container is applicable only for ImportControl shipments.  This container is applicable only for ImportControl shipments. */
        ShipmentServiceOptions_LabelMethod: {
            /**
             * @description Valid LabelMethod types are:
             *     01 = ImportControl Print and Mail
             *     02 = ImportControl One-Attempt
             *     03 = ImportControl Three-Attempt
             *     04 = ImportControl Electronic Label
             *     05 = ImportControl Print Label
             */
            Code: string;
            /** @description LabelMethod description. */
            Description?: string;
        };
        /** @description This container is used for providing Pre-Alert Notifications to the consignee for UPS Exchange movements and Pack & Collect shipments. */
        ShipmentServiceOptions_PreAlertNotification: {
            EMailMessage?: components["schemas"]["PreAlertNotification_EMailMessage"];
            VoiceMessage?: components["schemas"]["PreAlertNotification_VoiceMessage"];
            TextMessage?: components["schemas"]["PreAlertNotification_TextMessage"];
            Locale: components["schemas"]["PreAlertNotification_Locale"];
        };
        /** @description This container is used for Populating EMailMessage details for PreAlertNotification. */
        PreAlertNotification_EMailMessage: {
            /** @description EMailAddress where PreAlertNotification is sent. */
            EMailAddress: string;
            /** @description This is used for notification when EMailAddress for PreAlertNotification is undeliverable. */
            UndeliverableEMailAddress?: string;
        };
        /** @description VoiceMessage container is used for specifying phone number for receiving voice PreAlertNotification. */
        PreAlertNotification_VoiceMessage: {
            /**
             * @description Phone number for receiving Voice PreAlertNotification.  Valid values are 0 – 9.
             *
             *     If the country or territory of the message recipient is US, PR, CA, and VI, the layout is:
             *
             *     1, area code, 7 digit phone number or
             *
             *     1, area code, 7 digit phone number, 4 digit extension number.
             *
             *     For other countries or territories, the layout is country or territory code, area code, 7 digit number.
             */
            PhoneNumber: string;
        };
        /** @description TextMessage container is used for specifying phone number for receiving text preAlertNotification. */
        PreAlertNotification_TextMessage: {
            /**
             * @description Phone number for receiving Voice PreAlertNotification.  Valid values are 0 – 9.
             *
             *     If the country or territory of the message recipient is US, PR, CA, and VI, the layout is:
             *
             *     1, area code, 7 digit phone number or
             *
             *     1, area code, 7 digit phone number, 4 digit extension number.
             *
             *     For other countries or territories, the layout is country or territory code, area code, 7 digit number.
             */
            PhoneNumber: string;
        };
        /** @description This container is used for providing Language and dialect details for PreAlertNotification. */
        PreAlertNotification_Locale: {
            /** @description Refer to Language/Dialect Combinations in the Appendix for valid pairs. */
            Language: string;
            /** @description Refer to Language/Dialect Combinations in the Appendix for valid pairs. */
            Dialect: string;
        };
        /** @description Restricted Articles container. */
        ShipmentServiceOptions_RestrictedArticles: {
            /** @description This field is a flag to indicate if the package has Biological substances. True if present; false otherwise.  Shippers account needs to have a valid contract for Biological Substances. Lane check will happen based on postal code/ city. */
            DiagnosticSpecimensIndicator?: string;
            /** @description Presence/Absence Indicator. True if present; false otherwise. Any value is ignored. If present, indicates that the package contains Alcoholic Beverages  Shippers account needs to have a valid contract for Alcohol. */
            AlcoholicBeveragesIndicator?: string;
            /** @description Presence/Absence Indicator. True if present; false otherwise. Any value is ignored. If present, indicates that the package contains Perishable items.  Shippers account needs to have a valid contract for Perishables. */
            PerishablesIndicator?: string;
            /** @description Presence/Absence Indicator. True if present; false otherwise. Any value is ignored. If present, indicates that the package contains Plants  Shippers account needs to have a valid contract for Plants. */
            PlantsIndicator?: string;
            /** @description Presence/Absence Indicator. True if present; false otherwise. Any value is ignored. If present, indicates that the package contains Seeds.  Shippers account needs to have a valid contract for Seeds. */
            SeedsIndicator?: string;
            /** @description Presence/Absence Indicator. True if present; false otherwise. Any value is ignored. If present, indicates that the package contains Special Exception items.  Shippers account needs to have a valid contract for Special Exceptions. */
            SpecialExceptionsIndicator?: string;
            /** @description Presence/Absence Indicator. True if present; false otherwise. Any value is ignored. If present, indicates that the package contains Tobacco  Shippers account needs to have a valid contract for Tobacco. */
            TobaccoIndicator?: string;
            /** @description Presence/Absence Indicator. True if present; false otherwise. Any value is ignored. If present, indicates that the package contains Ecigarettes  Shippers account needs to have a valid contract for Ecigarettes. */
            ECigarettesIndicator?: string;
        };
        /** @description Package Information container.  For Return Shipments up to 20 packages are allowed. US/PR origin return movements are limited to only one package. For Mail Innovations and Simple Rate shipments only one package is allowed. */
        Shipment_Package: {
            /** @description Merchandise description of package.  Required for shipment with return service. */
            Description?: string;
            /** @description Description of articles & special marks. Applicable for Air Freight only */
            PalletDescription?: string;
            /** @description Number of Pieces. Applicable for Air Freight only */
            NumOfPieces?: string;
            /** @description Unit price of the commodity. Applicable for Air Freight only  Limit to 2 digit after the decimal. The maximum length of the field is 12 including '.' and can hold up to 2 decimal place. (e.g. 999999999.99) */
            UnitPrice?: string;
            Packaging: components["schemas"]["Package_Packaging"];
            Dimensions?: components["schemas"]["Package_Dimensions"];
            DimWeight?: components["schemas"]["Package_DimWeight"];
            PackageWeight?: components["schemas"]["Package_PackageWeight"];
            /**
             * @description Presence of the indicator mentions that the package is Large Package.
             *
             *     This is an empty tag, any value inside is ignored.
             */
            LargePackageIndicator?: string;
            /** @description Presence/Absence Indicator. Any value is ignored. If present, indicates that the package is over size.   Applicable for UPS Worldwide Economy DDU service. */
            OversizeIndicator?: string;
            /** @description Presence/Absence Indicator. Any value is ignored. If present, indicates that the package is qualified for minimum billable weight.   Applicable for UPS Worldwide Economy DDU service. */
            MinimumBillableWeightIndicator?: string;
            ReferenceNumber?: components["schemas"]["Package_ReferenceNumber"][];
            /** @description Additional Handling Required. The presence indicates additional handling is required, the absence indicates no additional handling is required. Additional Handling indicator indicates it's a non-corrugated package. */
            AdditionalHandlingIndicator?: string;
            SimpleRate?: components["schemas"]["Package_SimpleRate"];
            UPSPremier?: components["schemas"]["Package_UPSPremier"];
            PackageServiceOptions?: components["schemas"]["Package_PackageServiceOptions"];
            Commodity?: components["schemas"]["Package_Commodity"];
            HazMatPackageInformation?: components["schemas"]["Package_HazMatPackageInformation"];
        };
        /** @description A UPS product that enables customers to ship directly from a manufacturer to end consumers in a different country. */
        Shipment_TradeDirect: {
            Master?: components["schemas"]["TradeDirect_Master"];
            Child?: components["schemas"]["TradeDirect_Child"];
            /** @description General description of the goods being shipped. It is required for master shipment. */
            GeneralDescriptionOfGoods?: string;
            /**
             * @description Consolidated shipment types.
             *
             *     Valid values:
             *     - TRADEDIRECTAIR =  TradeDirect Air - consolidation, custom clearance, deconsolidation and delivery to multiple addresses
             *                         within destination country, with Airport-to-door or door-to-door.
             *
             *     - TRADEDIRECTOCEAN = TradeDirect Ocean - consolidation, ocean transportation, customs clearance, deconsolidation and delivery
             *                          to multiple addresses within a destination country, with port-to-door and door-to-door service from shipper to consignee. Available from more than 70 ports.
             *
             *     - TRADEDIRECTCROSSBORDER = TradeDirect CrossBoarder - consolidation, customs clearance, deconsolidation and delivery to multiple addresses
             *                                within the destination country, with door-to-door service across North American borders.
             * @enum {string}
             */
            ShipmentType: "TRADEDIRECTAIR" | "TRADEDIRECTOCEAN" | "TRADEDIRECTCROSSBORDER";
            /** @description The currency code for the shipment as per ISO 4217. */
            CurrencyCode: string;
        };
        /** @description A collection of small package and LTL/TL shipments that are transported by UPS from the customer to the destination CFS. */
        TradeDirect_Master: {
            /** @description If Present indicates the Sold to and Ship To are the same. */
            SoldToSameAsShipTo?: string;
            SoldTo?: components["schemas"]["Master_SoldTo"];
            Pickup?: components["schemas"]["Master_Pickup"];
            TradeComplianceDetails?: components["schemas"]["Master_TradeComplianceDetails"];
            /**
             * @description The type of measurement used for the shipment. Imperial(lbs, in) & Metric(kgs, cm)
             *
             *     Valid values are:
             *
             *     - Imperial	= This system of measurement uses units such as pounds (lbs) for weight and inches (in) for length.
             *
             *     - Metric = This system of measurement uses units such as kilograms (kgs) for weight and centimeters (cm) for length.
             * @example Imperial
             * @enum {string}
             */
            UomType: "Imperial" | "Metric";
            NotificationBeforeDelivery?: components["schemas"]["TradeDirect_NotificationBeforeDelivery"];
        };
        /** @description Contains the address and contact details of the shipments. */
        Master_SoldTo: {
            /** @description Master Sold To Company Name. */
            Name: string;
            /** @description Master Sold to Contact Name. */
            AttentionName?: string;
            /**
             * @deprecated
             * @description Master Sold To Tax Identification Number. This element has been deprecated, replacement can be found in the GlobalTaxInformation container.
             */
            TaxIdentificationNumber?: string;
            Phone?: components["schemas"]["TradeDirect_Phone"];
            /** @description The text associated with the code will be printed in the sold to section of the USMCA form.  The values indicate the following: 01 – Unknown.  Applies to USMCA form. Possible Values are 01 and 02. */
            Option?: string;
            Address: components["schemas"]["TradeDirect_Address"];
            /** @description Master Sold To Email Address. */
            EmailAddress: string;
            /** @description Master Sold To Account Number. */
            AccountNumber?: string;
        };
        /** @description Contains the address and contact details of the shipments. */
        Master_Pickup: {
            /** @description Master Pickup Company Name. */
            Name: string;
            /** @description Master Pickup Contact Name. */
            AttentionName?: string;
            Phone?: components["schemas"]["TradeDirect_Phone"];
            Address: components["schemas"]["TradeDirect_Address"];
            /** @description Master Pickup Email Address */
            EMailAddress: string;
        };
        /** @description Contains the phone details including the phone number and extension. */
        TradeDirect_Phone: {
            /** @description The phone number of the contact. */
            Number: string;
            /** @description The phone extension of the contact. */
            Extension?: string;
        };
        /** @description Contains the address details including street address, city, state or province code, postal code, and country code. */
        TradeDirect_Address: {
            /**
             * @description Primary address line includes street number and street name (when applicable).
             * @example 123 South Main St
             */
            AddressLine: string;
            /**
             * @description The name of the city for the address.
             * @example Atlanta
             */
            City: string;
            /**
             * @description The code for the state or province for the address. Required for US, Canada, and Vietnam (VN).
             *
             *     - For US or Canada, the value must be a valid US state or Canadian province code.
             *     - For Vietnam (VN), the value must be a valid province code (for example, VN-44).
             *     - If the country or territory is Ireland, the StateProvinceCode must contain the county.
             * @example GA
             */
            StateProvinceCode?: string;
            /**
             * @description The postal code for the address.
             * @example 30022-1323
             */
            PostalCode?: string;
            /**
             * @description The code for the country for the address
             * @example US
             */
            CountryCode: string;
        };
        /** @description Contains trade compliance details for the master shipment, such as invoice terms, export reasons, and declaration statements. It also includes additional comments or instructions for customs clearance. */
        Master_TradeComplianceDetails: {
            /**
             * @description The terms of sale for the invoice.
             *
             *      Valid values:
             *
             *     - CFR =	Cost and Freight
             *     - CIF =	Cost Insurance and Freight
             *     - CIP =	Carriage and Insurance Paid
             *     - CPT =	Carriage Paid To
             *     - DAF =	Delivered at Frontier
             *     - DAP =	Delivered at Place
             *     - DAT =	Delivered at Terminal
             *     - DDP =	Delivery Duty Paid
             *     - DDU =	Delivery Duty Unpaid
             *     - DEQ =	Delivered Ex Quay
             *     - DES =	Delivered Ex Ship
             *     - EXW =	Ex Works
             *     - FAS =	Free Alongside Ship
             *     - FCA =	Free Carrier
             *     - FOB =	Free On Board
             * @example FOB
             * @enum {string}
             */
            TermsOfShipment?: "CFR" | "CIF" | "CIP" | "CPT" | "DAF" | "DAP" | "DAT" | "DDP" | "DDU" | "DEQ" | "DES" | "EXW" | "FAS" | "FCA" | "FOB";
            /** @description The reason for export to go on the invoice. */
            ReasonForExport?: string;
            /** @description Additional comments to be included on the invoice. */
            Comments?: string;
            /**
             * @description The type of declaration statement. Can be invoice or USMCA.
             *
             *      Valid values:
             *
             *     - Invoice =	Invoice declaration
             *     - USMCA = USMCA declaration
             * @enum {string}
             */
            DeclarationStatement?: "Invoice" | "USMCA";
        };
        /** @description A small package or LTL/TL shipment associated with a Trade Direct Master. */
        TradeDirect_Child: {
            /**
             * @description The unique shipment identifier (USI) is used to create Master, LTL and Child shipments. Used for Freight shipments.
             * @example 578299028T
             */
            USI: string;
            /** @description Indicates the Presence/Absence of HazMat on the shipment. */
            HazMatIndicator?: string;
            /**
             * @description The type of shipment.
             *
             *      Valid values:
             *
             *     - LTL
             *     - SMALLPACKAGE
             *     - MI
             * @enum {string}
             */
            Type: "LTL" | "SMALLPACKAGE" | "MI";
            Product: components["schemas"]["Child_Product"];
            LtlPackage: components["schemas"]["Child_LTL_Package"];
            LtlCharges?: components["schemas"]["Child_LTL_Charges"];
        };
        /** @description This variable represents the product details. It is used to provide information about the product being shipped. */
        Child_Product: {
            /**
             * @description Description of the product being shipped.
             * @example ALPHA BRAIN INSTANT PEACH
             */
            Description: string;
            /**
             * @description Price per unit of the product being shipped.
             * @example 2
             */
            UnitPrice: string;
            /**
             * @description Number of units of the product being shipped.
             * @example 3
             */
            NumberOfUnits: string;
            /**
             * @description Product number of the product being shipped.
             * @example IDID767640
             */
            ProductNumber: string;
            /** @description Country code of the product being shipped. */
            CountryOriginCode: string;
            /**
             * @description Unit of Measure for the product being shipped.
             *
             *     Valid values are :
             *      - BA = Barrel
             *      - BE = Bundle
             *      - BG = Bag
             *      - BH =	Bunch
             *      - BOX = Box
             *      - BT = Bolt
             *      - LB =	Pound
             *      - LBS = Pounds
             *      - L = Liter
             *      - M = Meter
             *      - NMB = Number
             *      - PA = Packet
             *      - BU = Butt
             *      - CI =	Canister
             *      - CM =	Centimeter
             *      - CON = Container
             *      - CR = Crate
             *      - CS =	Case
             *      - CT =	Carton
             *      - CY =	Cylinder
             *      - DOZ = Dozen
             *      - EA = Each
             *      - EN =	Envelope
             *      - FT =	Feet
             *      - KG =	Kilogram
             *      - KGS = Kilograms
             *      - PAL = Pallet
             *      - PC = Piece
             *      - PCS = Pieces
             *      - PF = Proof Liters
             *      - OTH = Other
             *      - PKG = Package
             *      - PR = Pair
             *      - PRS = Pairs
             *      - RL = Roll
             *      - SET = Set
             *      - SME = Square Meters
             *      - SYD = Square Yards
             *      - TU =	Tube
             *      - YD =	Yard
             * @enum {string}
             */
            UnitOfMeasure: "BA" | "BE" | "BG" | "BH" | "BOX" | "BT" | "LB" | "LBS" | "L" | "M" | "NMB" | "PA" | "BU" | "CI" | "CM" | "CON" | "CR" | "CS" | "CT" | "CY" | "DOZ" | "EA" | "EN" | "FT" | "KG" | "KGS" | "PAL" | "PC" | "PCS" | "PF" | "OTH" | "PKG" | "PR" | "PRS" | "RL" | "SET" | "SME" | "SYD" | "TU" | "YD";
            /** @description 6-to-15-alphanumeric commodity code. Customs uses this code to determine what duties should be assessed on the commodity.  Applies to Invoice, Partial Invoice and USMCA. Required for USMCA and optional for Partial Invoice. Should be at least 6 alphanumeric. For USMCA: For each good described in Description of Goods field, identify the H.S. tariff classification to six digits. If the good is subject to a specific rule of origin in Annex 401 that requires eight digits, identify to eight digits, using the H.S. tariff classification of the country or territory into whose territory the good is imported. */
            CommodityCode?: string;
            /** @description If present, JNT will be used as the origin of country or territory code on the USMCA form and the Product/Origincountry or territoryCode tag will be ignored.  Applies to USMCA only. */
            JointProductionIndicator?: string;
            /**
             * @description For each good described in the Description of Goods field, where the good is subject to a regional value content (RVC) requirement, indicate NC if the RVC is calculated according to the net cost method; otherwise, indicate NO. If the RVC is calculated over a period of time then indicate "NC with begin/end date" by passing code "ND"  Applies to USMCA only. Required for USMCA.  Valid values:
             *     - NC
             *     - ND
             *     - NO
             */
            NetCostCode?: string;
            NetCostDateRange?: components["schemas"]["Product_NetCostDateRange"];
            /**
             * @description Indicates the criterion (A through F) for each good described in the Description of Goods field if applicable.
             *
             *     The rules of origin are contained in Chapter Four and Annex 401.
             *
             *     Additional rules are described in Annex 703.2 (certain agricultural goods), Annex 300-B, Appendix 6 (certain textile goods) and Annex 308.1 (certain automatic data processing goods and their parts).  Applies to USMCA only.
             */
            PreferenceCriteria?: string;
            /**
             * @description Indicate the following:  Yes - If shipper is the producer of the good. If not, state 02, 03, and 04 depending on whether this certificate was based upon:
             *     No [1] - Knowledge of whether the good qualifies as an originating good.
             *     No [2] - Reliance on the producers written representation (other than a Certificate of Origin) that the good qualifies as an originating good.
             *     No [3] - A completed and signed Certificate for the good voluntarily provided to the exporter by the producer.  Applicable for USMCA and is required. Valid values: Yes, No [1], No [2], and No [3].
             */
            ProducerInfo?: string;
            /** @description Any special marks, codes, and numbers that may appear on package.  Applies to CO Only. */
            MarksAndNumbers?: string;
            /** @description The total number of packages, cartons, or containers for the commodity.  Applicable for CO and is required. Should be numeric. Valid characters are 0 -9. */
            NumberOfPackagesPerCommodity?: string;
            ProductWeight?: components["schemas"]["Product_ProductWeight"];
            /** @description Includes the following information for used self-propelled vehicles as defined in Customs regulations 19 CFR 192.1: The unique Vehicle Identification Number (VIN) in the proper format. Or The Product Identification Number (PIN) for those used self-propelled vehicles for which there are no VINs.  Or the Vehicle Title Number.  Applies to EEI forms only. */
            VehicleID?: string;
            ScheduleB?: components["schemas"]["Product_ScheduleB"];
            /** @description Code indicating Domestic: Exports that have been produced, manufactured, or grown in the United States or Puerto Rico. This includes imported merchandise which has been enhanced in value or changed from the form in which imported by further manufacture or processing in the United States or Puerto Rico. Foreign: Merchandise that has entered the United States and is being exported again in the same condition as when imported.   Applies to EEI forms only. Required for EEI form.  Valid values:  D: Domestic; F: Foreign. */
            ExportType?: string;
            /**
             * @description This amount will always be USD.  Applies to EEI forms only. Required for EEI form. Valid characters are 0-9 and \'.\' (Decimal point). Limit to 2 digit after the decimal. The maximum length of the field is 15 including \'.\' and can hold up to 2 decimal places.
             *
             *     Note: This value is calculated based on the Product/Unit/Value and /Product/Unit/Number (Number of Units * Price per Unit). If the total value is incorrect it will be replaced by the actual calculated total value.
             */
            SEDTotalValue?: string;
            /** @description Invoice Commodity Level Tax Collected Code for each shipment commodity line.Taxes paid Indicator is only applicable for shipments to Singapore. [TaxesPaid = 0 - No on Report], [TaxesPaid = 1 -Yes on Report], [TaxesPaid = empty - null on Report], [If TaxesPaid is not passed in input request = null on Report] */
            TaxesPaid?: string;
            ExcludeFromForm?: components["schemas"]["Product_ExcludeFromForm"];
            PackingListInfo?: components["schemas"]["Product_PackingListInfo"];
            EEIInformation?: components["schemas"]["Product_EEIInformation"];
        };
        /** @description LTL package information. Applicable only for LTL child. */
        Child_LTL_Package: {
            /**
             * @description Number of identical units in the package/ltl.
             * @example 1
             */
            NumberOfIdenticalUnits: string;
            HandlingUnits: components["schemas"]["LTL_Handling_Units"];
            ReferenceNumber?: components["schemas"]["LTL_Reference_Number"];
        };
        /** @description Used to provide information about the handling units in the package/ltl. */
        LTL_Handling_Units: {
            /**
             * @description Quantity of handling units.
             * @example 1
             */
            Quantity: string;
            /**
             * @description Type of handling unit.
             * @example BOXES
             * @enum {string}
             */
            Type: "BAGS" | "BOXES" | "CARTONS" | "CRATES" | "DRUMS" | "PALLET_SKIDS" | "ROLLS" | "TUBES";
            /**
             * @description Freight class of the handling unit.
             *
             *     Valid values are:
             *
             *     - 50 = over 50 lbs - Fits on standard shrink-wrapped 4X4 pallet, very durable
             *     - 55 = 35-50 pounds - Bricks, cement, mortar, hardwood flooring
             *     - 60 = 30-35 pounds - Car accessories & car parts
             *     - 65 = 22.5-30 pounds - Car accessories & car parts, bottled beverages, books in boxes
             *     - 70 = 15 to 22.5 pounds - Car accessories & car parts, food items, automobile engines
             *     - 77.5 = 13.5 to 15 pounds - Tires, bathroom fixtures
             *     - 85 =	12-13.5 pounds - Crated machinery, cast iron stoves
             *     - 92.5 = 10.5-12 pounds - Computers, monitors, refrigerators
             *     - 100 =	9-10.5 pounds - Boat covers, car covers, canvas, wine cases, caskets
             *     - 110 =	8-9 pounds - Cabinets, framed artwork, table saw
             *     - 125 =	7-8 pounds - Small Household appliances
             *     - 150 =	6-7 pounds - Auto sheet metal parts, bookcases
             *     - 175 =	5-6 pounds - Clothing, couches stuffed furniture
             *     - 200 =	4-5 pounds - Auto sheet metal parts, aircraft parts, aluminum table, packaged mattresses
             *     - 250 =	3-4 pounds - Bamboo furniture, mattress and box spring, plasma TV
             *     - 300 =	2-3 pounds - Wood cabinets, tables, chairs setup, model boats
             *     - 400 =	1-2 pounds - Deer antlers
             *     - 500 =	Less than 1 lbs - Bags of gold dust, ping pong balls
             * @example 150
             * @enum {string}
             */
            FreightClass: "50" | "55" | "60" | "65" | "70" | "77.5" | "85" | "92.5" | "100" | "110" | "125" | "150" | "175" | "200" | "250" | "300" | "400" | "500";
            Dimensions: components["schemas"]["LTL_Dimensions"];
            PackageWeight: components["schemas"]["LTL_Package_Weight_Type"];
        };
        /** @description LTL Reference number. */
        LTL_Reference_Number: {
            /**
             * @description Reference number code supplied by customer.
             *
             *     Valid values are:
             *
             *     - PO = Purchase Order Number
             *     - REF =	Reference Number
             *     - INV = Invoice Number
             * @example PO
             * @enum {string}
             */
            Code: "PO" | "REF" | "INV";
            /**
             * @description Reference number supplied by customer.
             * @example REF834950
             */
            Value: string;
        };
        /** @description Dimensions for the handling unit. */
        LTL_Dimensions: {
            /**
             * @description Length of the package/ltl.
             * @example 48
             */
            Length: string;
            /**
             * @description Width of the package/ltl.
             * @example 40
             */
            Width: string;
            /**
             * @description Height of the package/ltl.
             * @example 36
             */
            Height: string;
            /**
             * @description The code associated with unit of measurement. The requested code must be valid for the shipper country or territory.
             *
             *     Valid values are :
             *
             *     - IN = Inches
             *     - CM = Centimeters
             * @example IN
             * @enum {string}
             */
            UnitOfMeasurement: "IN" | "CM";
        };
        /** @description Weight for the handling unit. */
        LTL_Package_Weight_Type: {
            /**
             * @description Weight of the package/ltl.
             * @example 10
             */
            Weight: string;
            /**
             * @description Unit of measurement of the weight.
             *
             *     Valid values are:
             *
             *     - KGS = Kilograms
             *     - LBS =	Pounds
             * @example KGS
             * @enum {string}
             */
            UnitOfMeasurement: "KGS" | "LBS";
        };
        /** @description Represents transportation charges for child shipments categorized as "Less than Truck Load" (LTL), including freight, fuel surcharges, and accessorial fees. These charges are calculated based on shipment weight, volume, or distance. Applicable only for LTL child. */
        Child_LTL_Charges: {
            /** @description The monetary value of the discount/rebate charge. */
            Discount?: string;
            /** @description Freight charges. */
            FreightCharges?: string;
            /** @description The monetary value of the insurance charge. */
            InsuranceCharges?: string;
            OtherCharges?: components["schemas"]["LTL_Other_Charges"];
        };
        /** @description Any other miscellaneous charges. */
        LTL_Other_Charges: {
            /**
             * @description The amount the shipper or receiver pays to cover the cost associated with the LTL Charges.
             * @example 2
             */
            MonetaryValue: string;
            /**
             * @description Description of what the other charges are for.
             * @example Miscellaneous charge
             */
            ChargeDescription: string;
        };
        /** @description Notification container for the before delivery notification. */
        TradeDirect_NotificationBeforeDelivery: {
            /**
             * @description The type of notification request.
             *
             *     Valid values are:
             *
             *     - 001 = QV Ship Notification
             *     - 002 = QV Delivery Notification
             *     - 003 = QV Exception Notification
             * @example 6
             * @enum {string}
             */
            RequestType?: "001" | "002" | "003";
            /**
             * @description The media type code for the notification.
             *
             *     Valid values are:
             *
             *     - 03 = Email
             *     - 04 = Fax
             * @example 3
             * @enum {string}
             */
            MediaTypeCode?: "03" | "04";
            /**
             * @description The language for the notification.
             * @example ENG
             */
            Language?: string;
            /**
             * @description The dialect for the notification.
             * @example US
             */
            Dialect?: string;
            /** @description The name of the company for the ship from address. */
            ShipFromCompanyName?: string;
            /** @description The name of the company for the notification. */
            CompanyName?: string;
            Phone?: components["schemas"]["TradeDirect_Phone"];
            /** @description Subject line for the notification. */
            SubjectLine?: string;
            /** @description Memo for the notification. */
            Memo?: string;
            /** @description The name of the contact person for the notification. */
            Name?: string;
            /**
             * @description Email address to send notification to.
             * @example john@ups.com
             */
            EMailAddress: string;
            /**
             * @description Alternate email address for the notification.
             * @example john@ups.com
             */
            AlternateEmailAddress?: string;
        };
        /** @description Packaging container.  Container for Packaging Type. */
        Package_Packaging: {
            /**
             * @description Package types. Values are:
             *     01 = UPS Letter
             *     02 = Customer Supplied Package
             *     03 = Tube
             *     04 = PAK
             *     21 = UPS Express Box
             *     24 = UPS 25KG Box
             *     25 = UPS 10KG Box
             *     30 = Pallet
             *     2a = Small Express Box
             *     2b = Medium Express Box
             *     2c = Large Express Box
             *     56 = Flats
             *     57 = Parcels
             *     58 = BPM
             *     59 = First Class
             *     60 = Priority
             *     61 = Machineables
             *     62 = Irregulars
             *     63 = Parcel Post
             *     64 = BPM Parcel
             *      65 = Media Mail
             *     66 = BPM Flat
             *     67 = Standard Flat.
             *     Note: Only packaging type code 02 is applicable to Ground Freight Pricing.
             *       Package type 24, or 25 is only allowed for shipment without return service. Packaging type must be valid for all the following: ShipTo country or territory, ShipFrom country or territory, a shipment going from ShipTo country or territory to ShipFrom country or territory, all Accessorials at both the shipment and package level, and the shipment service type. UPS will not accept raw wood pallets and please refer the UPS packaging guidelines for pallets on UPS.com.
             */
            Code: string;
            /** @description Description of packaging type. Examples are letter, customer supplied, express box. */
            Description?: string;
        };
        /** @description Dimensions information container. Note: Currently dimensions are not applicable to Ground Freight Pricing.  Length + 2*(Width + Height) must be less than or equal to 165 IN or 330 CM. Required for Heavy Goods service. Package Dimension will be ignored for Simple Rate */
        Package_Dimensions: {
            UnitOfMeasurement: components["schemas"]["Dimensions_UnitOfMeasurement"];
            /** @description Package length. Length must be the longest dimension of the container.  Valid values are 0 to 108 IN and 0 to 270 CM. */
            Length: string;
            /** @description Package width. */
            Width: string;
            /** @description Package height. */
            Height: string;
        };
        /** @description UnitOfMeasurement container for dimensions. */
        Dimensions_UnitOfMeasurement: {
            /** @description Package dimensions measurement code. Valid codes: IN = Inches CM = Centimeters 00 = Metric Units Of Measurement 01 = English Units of Measurement	The unit of measurement must be valid for the Shipper country or territory. */
            Code?: string;
            /** @description Description of the package dimensions measurement units. */
            Description?: string;
        };
        /** @description Dimensional weight of shipment. Please visit ups.com for rules on calculating. There is one implied decimal place (e.g. 115 = 11.5).  If dimensions are provided, dimensional weight is ignored. For US/PR/CA shipments, dimensional weight is ignored */
        Package_DimWeight: {
            UnitOfMeasurement?: components["schemas"]["DimWeight_UnitOfMeasurement"];
            /** @description Actual package weight.  Weight accepted for letters/envelopes. */
            Weight?: string;
        };
        /** @description UnitOfMeasurement Container. */
        DimWeight_UnitOfMeasurement: {
            /**
             * @description Code representing the unit of measure associated with the package weight.
             *
             *     Valid values:
             *     - LBS = Pounds (default)
             *     - KGS = Kilograms
             */
            Code: string;
            /** @description Text description of the code representing the unit of measure associated with the package weight.  Length and value are not validated. */
            Description?: string;
        };
        /** @description Container to hold package weight information.  Package weight is a required for Ground Freight Pricing shipments and Heavy Goods service. Package Weight will be ignored for Simple Rate. */
        Package_PackageWeight: {
            UnitOfMeasurement: components["schemas"]["PackageWeight_UnitOfMeasurement"];
            /** @description Packages weight. Weight accepted for letters/envelopes.  Only average package weight is required for Ground Freight Pricing Shipment. */
            Weight: string;
        };
        /** @description Container to hold UnitOfMeasurement information for package weight. */
        PackageWeight_UnitOfMeasurement: {
            /**
             * @description Package weight unit of measurement code.
             *
             *     Valid values:
             *     - LBS = Pounds
             *     - KGS = Kilograms
             *     - OZS = Ounces
             *
             *     Unit of Measurement "OZS" is the only valid UOM for some of the Mail Innovations Forward and Worldwide Economy DDU Shipments.
             *
             *     Please refer to Appendix for more details regarding the valid combination of Mail Innovation Forward Shipment services, Package Type and Unit of Measurement.
             */
            Code: string;
            /** @description Description of the unit of measurement for package weight. */
            Description?: string;
        };
        /**
         * @description Package reference number information container.  For Mail Innovation shipments, up to 3 reference numbers are supported. If 5 reference numbers are specified (CostCenter, PackageID, and 3 ReferenceNumbers) the 3 desigated by the ReferenceNumber container will not be visible on 4x6 label supported by the API. These additional reference numbers are only be visible on the 4x8 label..
         *
         *     For non-Mail Innovation shipments only the first 2 reference numbers will be visible on labels.
         *
         *     Required for Trade Direct shipments.
         */
        Package_ReferenceNumber: {
            /**
             * @description If the indicator is present then the reference numbers value will be bar coded on the label.
             *
             *     This is an empty tag, any value inside is ignored.
             *       Only one shipment-level or package-level reference number can be bar coded per shipment.
             *
             *     In order to barcode a reference number, its value must be no longer than 14 alphanumeric characters or 24 numeric characters and cannot contain spaces.
             */
            BarCodeIndicator?: string;
            /**
             * @description Reference number type code, for the entire shipment. The code specifies the Reference name.
             *
             *     Refer to the Reference Number Code table.  Valid if the origin/destination pair is US/US or PR/PR and character should be alpha-numeric.
             */
            Code?: string;
            /** @description Customer supplied reference number.  Valid if the origin/destination pair is US/US or PR/PR. */
            Value: string;
        };
        /** @description SimpleRate Container */
        Package_SimpleRate: {
            /**
             * @description SimpleRate code.  Valid Values
             *     - XS =  Extra Small
             *     - S =  Small
             *     - M = Medium
             *     - L = Large
             *     - XL = Extra Large
             */
            Code: string;
            /** @description Simple Rate description of the code above.  Currently ignored if provided in the Request. Length is not validated. */
            Description?: string;
        };
        /** @description UPS Premier Container. */
        Package_UPSPremier: {
            /**
             * @description UPS Premier Category.  Valid values are 01,02,03 UPS Premier Silver -01
             *     UPS Premier Gold - 02
             *     UPS Premier Platinum - 03
             */
            Category: string;
            /** @description SensorID is RFID for UPS Premier Silver. SensorID is MeshID for UPS Premier Gold or UPS Premier Platinum Package. */
            SensorID?: string;
            HandlingInstructions: components["schemas"]["UPSPremier_HandlingInstructions"][];
        };
        /** @description Handling Instruction Container. */
        UPSPremier_HandlingInstructions: {
            /** @description Handling Instruction for UPS Premier package.  Please refer Apendix UPS Premier Handling Instructions. */
            Instruction: string;
        };
        /** @description Package Service Options container. */
        Package_PackageServiceOptions: {
            DeliveryConfirmation?: components["schemas"]["PackageServiceOptions_DeliveryConfirmation"];
            DeclaredValue?: components["schemas"]["PackageServiceOptions_DeclaredValue"];
            COD?: components["schemas"]["PackageServiceOptions_COD"];
            AccessPointCOD?: components["schemas"]["PackageServiceOptions_AccessPointCOD"];
            /** @description The presence indicates that the package may be released by driver without a signature from the consignee.  Empty Tag. Only available for US50/PR to US50/PR packages without return service. */
            ShipperReleaseIndicator?: string;
            Notification?: components["schemas"]["PackageServiceOptions_Notification"];
            HazMat?: components["schemas"]["PackageServiceOptions_HazMat"][];
            /**
             * @description Field to be used when a shipment contains a HazMat. It will specify the existence of HazMat, and what type. Initially this will be used for UPS Ground saver and Mail Innovations 'USPS Limited Quantities HazMat' Shipments (but may be extended for other types of HazMat in the future).
             *      Valid values are 01.
             *      - USPS Limited Quantities HazMat - 01
             */
            HazMatTypeCode?: string;
            DryIce?: components["schemas"]["PackageServiceOptions_DryIce"];
            /**
             * @description An UPSPremiumCareIndicator indicates special handling is required for shipment having controlled substances. Empty Tag means indicator is present.
             *
             *     The UPSPremiumCareIndicator cannot be requested for package with Delivery Confirmation - Adult Signature Required and Delivery Confirmation- Signature Required.
             *
             *     UPSPremiumCareIndicator is valid for following Return services:
             *     - Returns Exchange (available with a contract)
             *     - Print Return Label
             *     - Print and Mail
             *     - Electronic Return Label
             *     - Return Service Three Attempt
             *
             *     The UPSPremiumCareIndicator can be requested with following UPS services:
             *     - UPS Express® Early
             *     - UPS Express
             *     - UPS Express Saver
             *     - UPS Standard
             *     - Valid only for Canada to Canada movements.
             */
            UPSPremiumCareIndicator?: string;
            /** @description Presence/Absence Indicator. Any value is ignored. If present, the package is rated for UPS Proactive Response and proactive package tracking. Contractual accessorial for health care companies to allow package monitoring throughout the UPS system.  Shippers account needs to have valid contract for UPS Proactive Reponse. */
            ProactiveIndicator?: string;
            /** @description Identifies the package containing Dangerous Goods.  Required for Hazmat shipment if SubVersion is greater than or equal to 1701. */
            PackageIdentifier?: string;
            /** @description Unique identifier for clinical trials */
            ClinicalTrialsID?: string;
            /** @description Presence/Absence Indicator. Any value is ignored. If present, indicates that the package contains an item that needs refrigeration.  Shippers account needs to have a valid contract for Refrigeration. */
            RefrigerationIndicator?: string;
            Healthcare?: components["schemas"]["PackageServiceOptions_Healthcare"];
        };
        /** @description This container is required when HealthcareIdentifier is present, grouping all healthcare fields for a package. Maximum 25 allowed. */
        PackageServiceOptions_Healthcare: {
            /**
             * @description An indicator to identify the healthcare program. Default value is 000.
             *
             *     Valid values:
             *     - 000 = No Program
             *     - 001 = Home Health / Direct to Patient
             *     - 002 = Tissues, Organs, and Lab Specimens
             *     - 003 = Investigative Drug Substance and Drug Product
             *     - 004 = Specialty Drug Product and API
             *     - 006 = Implantable Medical devices
             *     - 007 = Medical Diagnostics Equipment
             *     - 008 = Non-Sterile Pharmaceutical Drug Product and Substance
             *     - 009 = Medical Inst. & Supplies
             *     - 010 = Animal Health Non-Drug
             *     - 011 = Consumer Health Perishable
             *     - 012 = Consumer Health Non Perishable
             *     - 013 = Non-Complex
             *     - 099 = UNCLASSIFIED
             */
            ProgramIdentifier?: string;
            /** @description Description of Program. */
            SubAttribute?: string;
            /** @description Unique Patient Identifier/Provider Identifier. */
            UniqueIdentifier?: string;
            /** @description Field for future use. */
            Text?: string;
        };
        /**
         * @description Delivery Confirmation container.
         *     Refer to Delivery Confirmation Origin-
         *     Destination Pairs in the Appendix for a list of valid values.  Valid only for forward shipment only.
         */
        PackageServiceOptions_DeliveryConfirmation: {
            /**
             * @description Type of delivery confirmation.  Valid values:
             *     - 1 - Unsupported
             *     - 2 - Delivery Confirmation Signature Required
             *     - 3 - Delivery Confirmation Adult Signature Required
             */
            DCISType: string;
            /** @description Delivery Confirmation Control number associated with the delivery confirmation for the package.  Valid for forward shipments only. */
            DCISNumber?: string;
        };
        /** @description Container for Declared Value. */
        PackageServiceOptions_DeclaredValue: {
            Type?: components["schemas"]["DeclaredValue_Type"];
            /** @description Declared value amount currency type. Defaults to the non-Euro currency used in the shippers country or territory.  Code must represent a currency that is a valid for Shipper country or territory. */
            CurrencyCode: string;
            /** @description Declared value amount. */
            MonetaryValue: string;
        };
        /** @description Container for Declared Value Type. */
        DeclaredValue_Type: {
            /**
             * @description Declared value type. Valid values:
             *     - 01=EVS
             *     - 02=DVS
             *
             *     Defaults to 01 i.e. EVS if declared value type is not provided.  The user cannot specify different type of declared value for the shipment. User can either have shipper declared value (DVS) or declared value (EVS) but not both at package level.
             *
             *     Note: The Shipper Declared Value is applicable for forward shipments when the billing option is freight collect or third party.
             */
            Code: string;
            /** @description Declared value Description. */
            Description?: string;
        };
        /** @description Container for COD.  Indicates COD is requested. Package level COD is available for shipment without return service from US/PR to US/PR, CA to CA, and CA to US. CA to US COD is not allowed for package Letter/ Envelope. COD is not valid for return service movements. */
        PackageServiceOptions_COD: {
            /** @description For valid values refer to: Rating and Shipping COD Supported Countries or Territories in the Appendix. */
            CODFundsCode: string;
            CODAmount: components["schemas"]["PackageServiceOptions_COD_CODAmount"];
        };
        /** @description COD Amount container. */
        PackageServiceOptions_COD_CODAmount: {
            /** @description COD amount currency code type. */
            CurrencyCode: string;
            /** @description COD Amount. Valid values: 0.01 USD to 50000.00 USD */
            MonetaryValue: string;
        };
        /** @description Access Point COD indicates Package COD is requested for a shipment.  Valid only for "01 - Hold For Pickup At UPS Access Point" Shipment Indication type. Package Access Point COD is valid only for shipment without return service from US/PR to US/PR and CA to CA. Not valid with COD at package level. */
        PackageServiceOptions_AccessPointCOD: {
            /** @description Access Point COD Currency Code. */
            CurrencyCode: string;
            /** @description Access Point COD Monetary Value. */
            MonetaryValue: string;
        };
        /** @description Receiver Return Notification.  Applicable for Shipment with returned service. */
        PackageServiceOptions_Notification: {
            /**
             * @description Notification Code.  Valid values:
             *     3 - Receiver Return Notification
             *     6 - QV Email Notification
             *     7 - QV Exception Notification
             *     8 - QV Delivery Notification
             *     For Mail Innovations forward shipments, QV Email Notifications are allowed for First Class, Priority Mail, and Expedited Mail Innovation services.
             */
            NotificationCode: string;
            EMail: components["schemas"]["PackageServiceOptions_Notification_EMail"];
        };
        /** @description Container for the e-mail message. */
        PackageServiceOptions_Notification_EMail: {
            /** @description The eMails subject. Defaults to the UPS Receiver Return Notification plus the shipment ID.  Only allowed at the first package. */
            Subject?: string;
            /**
             * @description Specifies a reference code and reference number to display in the subject of the Receiver Return Notification.
             *
             *     When the subject code is provided, the subject will contain the following: UPS Receiver Return Notification.
             *
             *     The reference code (the reference code will be mapped to the corresponding ANSI value) Plus the reference number.
             *
             *     The valid subject codes are:
             *     - 01 - Shipment Reference Number 1,
             *     - 02 - Shipment Reference Number 2,
             *     - 03 - package Reference Number 1,
             *     - 04 - package Reference Number 2,
             *     - 05 - package Reference Number 3,
             *     - 06 - package Reference Number 4,
             *     - 07 - package Reference Number 5,
             *     - 08 - Subject Text (Return Notification only).
             *
             *     If the subject code tag is not provided and the subject text is provided, the subject of the notification will be the subject text.
             *
             *     If the subject text is provided, and subject code tag exists, then the subject code value must be 08.
             *
             *     If the subject code is 08, the subject text must exist. If a subject code is provided that refers to a nonexistent reference number, the subject will default to the tracking number. Only allowed at the first package.
             */
            SubjectCode?: string;
            /** @description The destination email address of the receiver returns notification email. */
            EMailAddress: string[];
            /** @description The e-mail address where an undeliverable email message is sent if the Receiver Return Notification email is undeliverable. Defaults to FromEMailAddress. Only allowed at the first package. */
            UndeliverableEMailAddress?: string;
            /** @description The email address listed in the Reply To field of the message header, includes name and e-mail address of sender. The "From" field of the message header contains pkginfo@ups.com.  Only allowed at the first package. */
            FromEMailAddress?: string;
            /** @description The name the receiver return notification will appear to be from. Defaults to the Shipper Name. Only allowed at the first package. */
            FromName?: string;
            /** @description User defined text that will be included in the email. Only allowed at the first package. */
            Memo?: string;
        };
        /** @description Container to hold HazMat Chemical Records. */
        PackageServiceOptions_HazMat: {
            /** @description The number of pieces of the specific commodity. Required if CommodityRegulatedLevelCode = LQ or FR.  Valid values are 1 to 999. */
            PackagingTypeQuantity?: string;
            /** @description Reserved for future use. */
            RecordIdentifier1?: string;
            /** @description Reserved for future use. */
            RecordIdentifier2?: string;
            /** @description Reserved for future use. */
            RecordIdentifier3?: string;
            /**
             * @description Recommended if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation.
             *
             *     Secondary hazardous characteristics of a package. (There can be more than one – separate each with a comma).
             */
            SubRiskClass?: string;
            /** @description The type of regulated good for an ADR package where ADR is for Europe to Europe ground movement. */
            aDRItemNumber?: string;
            /**
             * @description Required if the field applies to the material by regulation. Field input is Arabic numerals, output is Roman numerals. Will be shown in Roman Numerals.  Valid values:
             *     - "1" = "I",
             *     - "2" = "II",
             *     - "3" = "III",
             *     - and blank.
             */
            aDRPackingGroupLetter?: string;
            /** @description The technical name (when required) for the specified commodity. Recommended if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation. */
            TechnicalName?: string;
            /**
             * @description Defines the type of label that is required on the package for the commodity.
             *
             *     Not applicable if CommodityRegulatedLevelCode = LR or EQ.
             */
            HazardLabelRequired?: string;
            /**
             * @description This is the hazard class associated to the specified commodity.
             *
             *     Required if CommodityRegulatedLevelCode is 'EQ', 'LQ' or 'FR'
             */
            ClassDivisionNumber?: string;
            /** @description Optional reference number. It will be displayed only on label. */
            ReferenceNumber?: string;
            /** @description Required if CommodityRegulatedLevelCode = EQ, LQ or FR. The numerical value of the mass capacity of the regulated good.  Should be more than 0.0. Valid characters are 0-9 and "." (Decimal point). Limit to 1 digit after the decimal. The maximum length of the field is 5 including "." (Decimal point) and can hold up to 1 decimal place. */
            Quantity?: string;
            /**
             * @description Required if CommodityRegulatedLevelCode = LQ, EQ or FR. The unit of measure used for the mass capacity of the regulated good.
             *
             *     For Example: ml, L, g, mg, kg, cylinder, pound, pint, quart, gallon, ounce etc.
             */
            UOM?: string;
            /** @description The type of package used to contain the regulated good. (Ex: Fiberboard Box). Required if CommodityRegulatedLevelCode = LQ or FR.   Ex. FIBERBOARD BOX, WOOD(EN) BOX, PLASTIC JERRICAN, METAL BOX, STEEL DRUM, OTHER, PLASTIC BOX, PLASTIC DRUM, STYROFOAM BOX, CYLINDERS, ENVIROTAINER, PLYWOOD BOX, ALUMINUM DRUM, ALUMINUM CYLINDERS, PLASTIC PAIL, PLYWOOD DRUM, FIBER DRUM, STEEL JERRICAN, ALUMINUM JERRICAN, STEEL BOX, CARTON, ALUMINUM BOX */
            PackagingType?: string;
            /**
             * @description This is the ID number (UN/NA/ID) for the specified commodity.
             *     Required if CommodityRegulatedLevelCode = LR, LQ or FR and if the field applies to the material by regulation.
             *     UN/NA/ID Identification Number assigned to the specified regulated good. (Include the UN/NA/ID as part of the entry).
             */
            IDNumber?: string;
            /** @description The Proper Shipping Name assigned by ADR, CFR or IATA. Required if CommodityRegulatedLevelCode = LR, LQ or FR. */
            ProperShippingName: string;
            /**
             * @description Additional remarks or special provision information. Recommended if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation.
             *
             *     Additional information that may be required by regulation about a hazardous material, such as, "Limited Quantity", DOT-SP numbers, EX numbers.
             */
            AdditionalDescription?: string;
            /**
             * @description This is the packing group category associated to the specified commodity. Recommended if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation. Must be shown in Roman Numerals.
             *       Valid values:
             *     I
             *     II
             *     III
             *     blank
             */
            PackagingGroupType?: string;
            /** @description The packing instructions related to the chemical record. Required if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation. */
            PackagingInstructionCode?: string;
            /**
             * @description 24 Hour Emergency Phone Number of the shipper. Valid values for this field are (0) through (9) with trailing blanks. For numbers within the U.S., the layout is 1, area code, 7-digit number. For all other countries or territories the layout is country or territory code, area code, number.
             *
             *     The following are restricted in the phone number period ".", dash "-", plus sign "+" and conventional parentheses "(" and ")", "EXT" or "OPT"
             */
            EmergencyPhone?: string;
            /** @description The emergency information, contact name and/or contract number, required to be communicated when a call is placed to the EmergencyPhoneNumber. The information is required if there is a value in the EmergencyPhoneNumber field above and the shipment is with a US50 or PR origin and/or destination and the RegulationSet is IATA. */
            EmergencyContact?: string;
            /** @description Recommended if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation. If reportable quantity is met, 'RQ' should be entered. */
            ReportableQuantity?: string;
            /**
             * @description The Regulatory set associated with every regulated shipment. It must be same across the shipment.
             *     Valid values:
             *     ADR = Europe to Europe Ground Movement
             *     CFR = HazMat regulated by US Dept. of Transportation within the U.S. or ground shipments to Canada
             *     IATA= Worldwide Air movement
             *     TDG= Canada to Canada ground movement or Canada to U.S. standard movement.  Valid values are ADR, CFR, IATA and TDG.
             *     For multiple Chemical Records per package or multiple packages containing different RegulationSet, RegulationSet of first Chemical Record would be considered for validating and rating the entire shipment.
             */
            RegulationSet: string;
            /**
             * @description Not applicable for ADR regulation set. Required for any other regulation set. Declares that a package was prepared according to ground passenger aircraft or cargo aircraft only.
             *     Valid values:
             *     Highway=Highway
             *     Ground=Ground
             *     PAX=Passenger Aircraft
             *     Passenger Aircraft=Passenger Aircraft
             *     CAO=Cargo Aircraft Only
             *     Cargo Aircraft Only=Cargo Aircraft Only  Valid entries include: Highway, Ground, PAX, Passenger Aircraft, CAO and Cargo Aircraft Only.
             */
            TransportationMode: string;
            /**
             * @description Indicates the type of commodity - Fully Regulated (FR), Limited Quantity (LQ), Excepted Quantity (EQ) or Lightly Regulated (LR).  Valid values are LR, FR, LQ and EQ.
             *     Required for subversion 1701 or greater. LR and EQ are validated if subversion is 1701 or greater. FR, LQ will be validated if subversion is 1807 or greater
             */
            CommodityRegulatedLevelCode?: string;
            /** @description Transport Category.  Valid values are 0 to 4. */
            TransportCategory?: string;
            /** @description Defines what is restricted to pass through a tunnel. */
            TunnelRestrictionCode?: string;
            /** @description Identifies the Chemical Record.  Required if SubVersion is greater than or equal to 1701. */
            ChemicalRecordIdentifier?: string;
            /** @description Technical name in local language. */
            LocalTechnicalName?: string;
            /** @description Proper shipping name in local langauge. */
            LocalProperShippingName?: string;
        };
        /** @description Container for Dry Ice.  Maximum 1 Dry Ice is allowed. Lane check will happen based on postal code/ city. */
        PackageServiceOptions_DryIce: {
            /** @description Regulation set for dryIce Shipment. Valid values: CFR = HazMat regulated by US Dept. of Transportation within the U.S. or ground shipments to Canada, IATA = Worldwide Air movement, ADR = For EU‑domestic, Standard Service shipments containing non‑hazmat dry ice, the regulation set must be ADR. The following values are valid:IATA, CFR, ADR. */
            RegulationSet: string;
            DryIceWeight: components["schemas"]["DryIce_DryIceWeight"];
            /** @description Presence/Absence Indicator. Any value inside is ignored. Relevant only in CFR regulation set. If present it is used to designate the dry Ice is for any medical use and rates are adjusted for DryIce weight more than 2.5 Kgs or 5.7 Lbs. */
            MedicalUseIndicator?: string;
        };
        /** @description Container for Dry Ice weight. */
        DryIce_DryIceWeight: {
            UnitOfMeasurement: components["schemas"]["DryIceWeight_UnitOfMeasurement"];
            /** @description Dry Ice Weight.  Cannot be more than package weight. Should be more than 0.0. Valid characters are 0-9 and "." (Decimal point). Limit to 1 digit after the decimal. The maximum length of the field is 5 including "." and can hold up to 1 decimal place. */
            Weight: string;
        };
        /** @description Container for Unit of measurement for Dry Ice Weight. */
        DryIceWeight_UnitOfMeasurement: {
            /**
             * @description DryIce weight unit of measurement code. Valid values:
             *     - 00 = KG (Metric Unit of Measurements) or KGS
             *     - 01 = LB (English Unit of Measurements) or LBS  The following values are valid : 00, 01, KG, KGS, LBS.
             */
            Code: string;
            /** @description Description for unit of measurement for Dry Ice Weight. */
            Description?: string;
        };
        /** @description Dry Ice Weight.  Cannot be more than package weight. Should be more than 0.0. Valid characters are 0-9 and "." (Decimal point). Limit to 1 digit after the decimal. The maximum length of the field is 5 including "." and can hold up to 1 decimal place. */
        DryIceWeight_Weight: string;
        /** @description Container to hold the Commodity information.  It is required if the Ground Freight Pricing Shipment indicator is present in the request. */
        Package_Commodity: {
            /** @description Freight Classification. Freight class partially determines the freight rate for the article.  Required for Ground Freight Pricing Shipments only. */
            FreightClass: string;
            NMFC?: components["schemas"]["Commodity_NMFC"];
        };
        /** @description Container to hold the NMFC codes. */
        Commodity_NMFC: {
            /** @description Specifies the Commodity's NMFC prime code.  Required if NMFC Container is present. */
            PrimeCode: string;
            /** @description Specifies the Commodity's NMFC sub code.  Needs to be provided when the SubCode associated with the PrimeCode is other than 00. UPS defaults the sub value to 00 if not provided. If provided the Sub Code should be associated with the PrimeCode of the NMFC. */
            SubCode?: string;
        };
        /** @description Required when number of hazmat containers in a package is greater than 1. It indicates whether all the hazmat materials are kept in a single box or multiple boxes.  Required when number of hazmat container in a package is greater than 1. */
        Package_HazMatPackageInformation: {
            /** @description Presence/Absence Indicator. Any value is ignored. Presence indicates if multiple, different hazmat/chemicals are contained within one box in a package  When number of Hazmat containers in a package is more than one, either AllPackedInOneIndicator or OverPackedIndicator is needed */
            AllPackedInOneIndicator?: string;
            /** @description Presence/Absence Indicator. Any value is ignored. Presence indicates that one or more hazmat/chemicals are in separate boxes in a package.  When number of Hazmat containers in a package is more than one, either AllPackedInOneIndicator or OverPackedIndicator is needed */
            OverPackedIndicator?: string;
            /** @description When a HazMat shipment specifies AllPackedInOneIndicator and the regulation set for that shipment is IATA, Ship API must require the shipment to specify a Q-Value with exactly one of the following values: 0.1; 0.2; 0.3; 0.4; 0.5; 0.6; 0.7; 0.8; 0.9; 1.0 */
            QValue?: string;
            /** @description This field is used for the Outer Hazmat packaging type.  Ex. FIBERBOARD BOX, WOOD(EN) BOX, PLASTIC JERRICAN, METAL BOX, STEEL DRUM, OTHER, PLASTIC BOX, PLASTIC DRUM, STYROFOAM BOX, CYLINDERS, ENVIROTAINER, PLYWOOD BOX, ALUMINUM DRUM, ALUMINUM CYLINDERS, PLASTIC PAIL, PLYWOOD DRUM, FIBER DRUM, STEEL JERRICAN, ALUMINUM JERRICAN, STEEL BOX, CARTON, ALUMINUM BOX */
            OuterPackagingType?: string;
        };
        /** @description Container used to define the properties required by the user to print and/or display the UPS shipping label.  Required for shipment without return service or shipments with PRL return service. Required for Electronic Return Label or Electronic Import Control Label shipments with SubVersion greater than or equal to 1707. */
        ShipmentRequest_LabelSpecification: {
            LabelImageFormat: components["schemas"]["LabelSpecification_LabelImageFormat"];
            /** @description Browser HTTPUserAgent String. This is the preferred way of identifying GIF image type to be generated.  Required if /ShipmentRequest/LabelSpecificationLabelSpecification/LabelImageFormat/Code = Gif. Default to Mozilla/4.5 if this field is missing or has invalid value. */
            HTTPUserAgent?: string;
            LabelStockSize: components["schemas"]["LabelSpecification_LabelStockSize"];
            Instruction?: components["schemas"]["LabelSpecification_Instruction"][];
            /**
             * @description Language character set expected on label.
             *     Valid values:
             *     dan = Danish (Latin-1)
             *     nld = Dutch (Latin-1)
             *     fin = Finnish (Latin-1)
             *     fra = French (Latin-1)
             *     deu = German (Latin-1)
             *     itl = Italian (Latin-1)
             *     nor = Norwegian (Latin-1)
             *     pol  = Polish (Latin-2)
             *     por = Poruguese (Latin-1)
             *     spa = Spanish (Latin-1)
             *     swe = Swedish (Latin-1)
             *     ces = Czech (Latin-2)
             *     hun = Hungarian (Latin-2)
             *     slk = Slovak (Latin-2)
             *     rus = Russian (Cyrillic)
             *     tur = Turkish (Latin-5)
             *     ron = Romanian (Latin-2)
             *     bul = Bulgarian (Latin-2)
             *     est = Estonian (Latin-2)
             *     ell = Greek (Latin-2)
             *     lav = Latvian (Latin-2)
             *     lit = Lithuanian (Latin-2)
             *     eng = English (Latin-1)  Default is English (Latin-1).
             */
            CharacterSet?: string;
        };
        /** @description LabelImageFormat Container. */
        LabelSpecification_LabelImageFormat: {
            /** @description Label print method code determines the format in which Labels are to be generated. For EPL2 formatted Labels use EPL, for SPL formatted Labels use SPL, for ZPL formatted Labels use ZPL and for image formats use GIF.  For shipments without return service the valid value is GIF, ZPL, EPL and SPL. For shipments with PRL return service, the valid values are EPL, ZPL, SPL and GIF. For UPS Premier Silver shipment only ZPL is supported. */
            Code: string;
            /** @description Description of the label image format code. */
            Description?: string;
        };
        /** @description Container for the EPL2, ZPL or SPL label size.  Valid for EPL2, ZPL and SPL Labels. */
        LabelSpecification_LabelStockSize: {
            /** @description Height of the label image. For IN, use whole inches.  For EPL2, ZPL and SPL Labels. Only valid values are 6 or 8. Note: Label Image will only scale up to 4 X 6, even when requesting 4 X 8. */
            Height: string;
            /** @description Width of the label image. For IN, use whole inches.  For EPL2, ZPL and SPL Labels. Valid value is 4. Note: Label Image will only scale up to 4 X 6, even when requesting 4 X 8. */
            Width: string;
        };
        /** @description Routing Instruction Container. */
        LabelSpecification_Instruction: {
            /** @description For Exchange Forward Shipment, by default Label will have Exchange Routing instruction Text as EXCHANGE-LIKE ITEM ONLY. If code value is: 01- EXCHANGE-LIKE ITEM ONLY, 02- EXCHANGE-DRIVER INSTRUCTIONS INSIDE. */
            Code: string;
            /** @description Description of the label Instruction code. */
            Description?: string;
        };
        /** @description Container used to allow the user to choose to print a thermal receipt. */
        ShipmentRequest_ReceiptSpecification: {
            ImageFormat: components["schemas"]["ReceiptSpecification_ImageFormat"];
        };
        /** @description ImageFormat Container. */
        ReceiptSpecification_ImageFormat: {
            /** @description Print code that determines the receipt format. Valid Codes are: EPL, SPL, ZPL and HTML. */
            Code: string;
            /** @description Description of the receipt format code. */
            Description?: string;
        };
        /** @description Shipment Response. */
        ShipmentResponse: {
            Response: components["schemas"]["ShipmentResponse_Response"];
            ShipmentResults: components["schemas"]["ShipmentResponse_ShipmentResults"];
        };
        /** @description Response container for Shipment response. */
        ShipmentResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            /**
             * @description Alert Container.  There can be zero to many alert containers with code and description.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description Response status container. */
        Response_ResponseStatus: {
            /** @description Identifies the success or failure of the transaction. 1 = Successful */
            Code: string;
            /** @description Describes Response Status Code. Returns text of Success. */
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
            /** @description The CustomerContext Information which will be echoed during response. */
            CustomerContext?: string;
        };
        /** @description Shipment Results container. */
        ShipmentResponse_ShipmentResults: {
            /**
             * @description Disclaimer would be used to provide more information to shipper regarding the processed shipment. This would be used to notify shipper about possible taxes and duties that might have been added or might apply to the shipment. This field would be returned only if TaxInformationIndicator is present in a request.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            Disclaimer?: components["schemas"]["ShipmentResults_Disclaimer"][];
            ShipmentCharges?: components["schemas"]["ShipmentResults_ShipmentCharges"];
            NegotiatedRateCharges?: components["schemas"]["ShipmentResults_NegotiatedRateCharges"];
            FRSShipmentData?: components["schemas"]["ShipmentResults_FRSShipmentData"];
            /**
             * @description RatingMethod is to indicate whether the Shipment was rated as shipment level or package level. This information will be returned only if RatingMethodRequestedIndicator is present in the request.  Valid values:
             *     01 = Shipment level
             *     02 = Package level
             */
            RatingMethod?: string;
            /**
             * @description BillableWeightCalculationMethod is to indicate whether the billable weight calculation method utilized was - the package level or shipment level. This information will be returned only if RatingMethodRequestedIndicator is present in the request.  Valid values:
             *     01 = Shipment Billable Weight
             *     02 = Package Billable Weight
             */
            BillableWeightCalculationMethod?: string;
            BillingWeight: components["schemas"]["ShipmentResults_BillingWeight"];
            /** @description Returned UPS shipment ID number.1Z Number of the first package in the shipment. */
            ShipmentIdentificationNumber?: string;
            /**
             * @description MIDualReturnShipmentKey is unique key required to process Mail Innovations Dual Return Shipment.
             *
             *     The unique identifier (key) would be returned in response of first phase of Mail Innovations Dual Return Shipments.
             *
             *     This unique identifier (key) would be part of request for second phase of Mail Innovations Dual Return Shipments and would be played back in response for second phase of Mail Innovations Dual Return Shipment.  If the shipment is a Package return shipment, the package tracking number will be concatenated with the system time (in the format YYYY-MM-DDHH.MM.SS.NNN) and followed by service code.
             *
             *     If the shipment is an MI Returns shipment, the Mail Manifest ID (MMI) will be concatenated with the system time.
             */
            MIDualReturnShipmentKey?: string;
            /** @description Bar Code Image will be returned as Base 64 encoded graphic image. Bar Code Image will be returned if BarCodeImageIndicator or BarCodeAndLabelIndicator is present. */
            BarCodeImage?: string;
            /**
             * @description Returned Package Information.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            PackageResults?: components["schemas"]["ShipmentResults_PackageResults"][];
            /**
             * @description Container for the High Value reports when forward shipments have declared value between $999 and $50,000 USD. \nTwo copies of high value report needs to be pointed out.
             *
             *     **NOTE:** For versions >= v2409, this element will always be returned as an array. For requests using versions < v2409, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ControlLogReceipt?: components["schemas"]["ShipmentResults_ControlLogReceipt"][];
            Form?: components["schemas"]["ShipmentResults_Form"];
            CODTurnInPage?: components["schemas"]["ShipmentResults_CODTurnInPage"];
            HighValueReport?: components["schemas"]["ShipmentResults_HighValueReport"];
            /**
             * @description URL will point to a page wherein label, receipt and other documents, if applicable, such as HighValueReport, CustomsInvoice and ImportControl instructions can be requested. LabelURL is returned only if the LabelLinksIndicator is requested for following shipments:
             *     Print/Electronic ImportControl shipment
             *     Print/Electronic Return shipment.
             *     Forward shipment except for Mail Innovations Forward.
             */
            LabelURL?: string;
            /**
             * @description URL will point to a page wherein label, receipt and other documents, if applicable, such as HighValueReport, CustomsInvoice and ImportControl instructions can be requested. LocalLanguageLabelURL is returned only if the LabelLinksIndicator is requested for following shipments:
             *     Print/Electronic ImportControl shipment
             *     Print/Electronic Return shipment.
             *     Forward shipment except for Mail Innovations Forward.  Not returned if LabelLinksIndicator is requested with Locale element.
             */
            LocalLanguageLabelURL?: string;
            /**
             * @description URL will point to a page wherein label, receipt and other documents, if applicable, such as HighValueReport, CustomsInvoice and ImportControl instructions can be requested. ReceiptURL is returned only if the LabelLinksIndicator is requested for following shipments:
             *     Print/Electronic ImportControl shipment
             *     Print/Electronic Return shipment.
             */
            ReceiptURL?: string;
            /**
             * @description URL will point to a page wherein label, receipt and other documents, if applicable, such as HighValueReport, CustomsInvoice and ImportControl instructions can be requested. LocalLanguageReceiptURL is returned only if the LabelLinksIndicator is requested for following shipments:
             *     Print/Electronic ImportControl shipment
             *     Print/Electronic Return shipment.   Not returned if LabelLinksIndicator is requested with Locale element.
             */
            LocalLanguageReceiptURL?: string;
            /**
             * @description Dangerous Good Paper Image in pdf format. One multipage PDF document will be returned that will contain all required Dangrous Goods shipping paper copies for all Dangerous Goods packages. Only returned when DGSignatoryInfo is present.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            DGPaperImage?: string[];
            /** @description Master Carton ID. MasterCartonID will be return if MasterCartonIndicator is present in request. */
            MasterCartonID?: string;
            /** @description Informational only */
            RoarRatedIndicator?: string;
            /** @description Global Consolidation Carton Number */
            GCCN?: string;
            /**
             * @description The unique shipment identifier (USI) is used to create Master, LTL and Child shipments. Used for Freight shipments.
             * @example 578299028T
             */
            USI?: string;
            /** @description A message indicating the status or result of the operation. */
            Message?: string;
            /** @description The sub PRO number associated with the LTL shipment. */
            SubProNumber?: string;
            PalletLabel?: components["schemas"]["ShipmentResults_PalletLabel"];
            /** @description Base64-encoded image data. */
            BillOfLading?: string;
        };
        ShipmentResults_PalletLabel: {
            /** @description Base64-encoded graphic image of Pallet. */
            PalletLabel?: string;
        };
        ShipmentResults_Disclaimer: {
            /** @description Code representing type of Disclaimer.   Refer to Disclaimer Codes and Messages in the Appendix for various disclaimers that would be possible for a given shipment. */
            Code: string;
            /**
             * @description Disclaimer description.   This field would be returned only if TaxInformationIndicator is present in a request.
             *
             *     Refer to Disclaimer Codes and Messages in the Appendix for various disclaimers that would be possible for a given shipment.
             */
            Description?: string;
        };
        /** @description Shipment charges Container. Shipment charges info. */
        ShipmentResults_ShipmentCharges: {
            /**
             * @description Rate Type with which Shipment is rated. Possible RateChart values for different regions will be:
             *     US 48 origin:
             *     - 1 – Daily Rates
             *     - 3 – Standard List Rates
             *     - 4 – Retail Rates.
             *
             *     Alaska/Hawaii origin:
             *     - 1 – Daily Rates
             *     - 3 – Standard List Rates
             *     - 4 – Retail Rates.
             *
             *     All Other origins:
             *     - 1 – Rates
             *     - 5 - Regional Rates
             *     - 6 - General List Rates.
             *
             *     3 and 4 do not apply.
             */
            RateChart?: string;
            BaseServiceCharge?: components["schemas"]["ShipmentCharges_BaseServiceCharge"];
            TransportationCharges: components["schemas"]["ShipmentCharges_TransportationCharges"];
            /**
             * @description Itemized Charges are returned only when the Subversion element is present and greater than or equal to 1601.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ItemizedCharges?: components["schemas"]["ShipmentCharges_ItemizedCharges"][];
            ServiceOptionsCharges: components["schemas"]["ShipmentCharges_ServiceOptionsCharges"];
            /**
             * @description TaxCharges container are returned only when TaxInformationIndicator is present in request and when Negotiated Rates are not applicable. TaxCharges container contains Tax information for a given shipment.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            TaxCharges?: components["schemas"]["ShipmentCharges_TaxCharges"][];
            TotalCharges: components["schemas"]["ShipmentCharges_TotalCharges"];
            TotalChargesWithTaxes?: components["schemas"]["ShipmentCharges_TotalChargesWithTaxes"];
        };
        /**
         * @description Base Service Charge container.
         *     Transportation charge = BaseServiceCharge + Fuel charge  Returned only if Subversion >=1701.
         */
        ShipmentCharges_BaseServiceCharge: {
            /** @description BaseServiceCharge currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description Base Service Charge value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Transportation Charges container. */
        ShipmentCharges_TransportationCharges: {
            /** @description Transportation charges currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description Transportation and surcharges value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        ShipmentCharges_ItemizedCharges: {
            /** @description Identification code for itemized charge. */
            Code: string;
            /** @description Description of Itemized Charge that had been charged. */
            Description?: string;
            /** @description Itemized Charges currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description Itemized Charges value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
            /** @description The sub-type of ItemizedCharges type. */
            SubType?: string;
        };
        /** @description Service Option Charges container. */
        ShipmentCharges_ServiceOptionsCharges: {
            /** @description Accessorial charges currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description Accessorial charges value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        ShipmentCharges_TaxCharges: {
            /** @description Tax Type code. The code represents the type of Tax applied to a shipment.   Refer to Tax Type Values/Abbreviations in the Appendix for valid values. */
            Type: string;
            /** @description Tax Monetary Value represent the Tax amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Total charges container. */
        ShipmentCharges_TotalCharges: {
            /** @description Total charges currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description Total charges value amount.  Valid values are from 0 to 99999999999999.99. */
            MonetaryValue: string;
        };
        /** @description TotalChargesWithTaxes container would be returned only if TaxInformationIndicator is present in request and when Negotiated Rates are not applicable. TotalChargesWithTaxes contains total charges including total taxes applied to a shipment. */
        ShipmentCharges_TotalChargesWithTaxes: {
            /** @description TotalChargesWithTaxes currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description TotalChargesWithTaxes monetary value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Negotiated Rates Charge Container.  For tiered rates and promotional discounts, if a particular shipment based on zone, origin, destination or even shipment size doesn't qualify for the existing discount then no negotiated rates container will be returned. Published rates will be the applicable rate. */
        ShipmentResults_NegotiatedRateCharges: {
            /**
             * @description Itemized Charges are returned only when the Subversion element is present and greater than or equal to 1601.
             *
             *     Negotiated itemized charges are only returned for certain contract-only shipments as well as Worldwide Express Freight, Ground Freight Pricing, and Hazmat movements.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ItemizedCharges?: components["schemas"]["NegotiatedRateCharges_ItemizedCharges"][];
            /**
             * @description TaxCharges container are returned only when TaxInformationIndicator is present in request. TaxCharges container contains Tax information for a given shipment.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            TaxCharges?: components["schemas"]["NegotiatedRateCharges_TaxCharges"][];
            TotalCharge?: components["schemas"]["NegotiatedRateCharges_TotalCharge"];
            RateModifier?: components["schemas"]["NegotiatedRateCharges_RateModifier"][];
            TotalChargesWithTaxes?: components["schemas"]["NegotiatedRateCharges_TotalChargesWithTaxes"];
        };
        NegotiatedRateCharges_ItemizedCharges: {
            /** @description Identification code for itemized charge. */
            Code: string;
            /** @description Description of Itemized Charge that had been charged. */
            Description?: string;
            /** @description Itemized Charges currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description Itemized Charges value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
            /** @description The sub-type of ItemizedCharges type. */
            SubType?: string;
        };
        NegotiatedRateCharges_TaxCharges: {
            /** @description Tax Type code. The code represents the type of Tax applied to a shipment.   Refer to Tax Type Values/Abbreviations in the Appendix for valid values. */
            Type: string;
            /** @description Tax Monetary Value represent the Tax amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Total charges container. Account Based Rates info. Total charges are only returned for ABR eligible shipper account/UserId combinations when the user includes the NegotiatedRatesIndicator in the request. */
        NegotiatedRateCharges_TotalCharge: {
            /** @description Total charges currency code. */
            CurrencyCode: string;
            /** @description Total charges monetary value.  Valid values are from 0 to 9999999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Container for returned Rate Modifier information.  Applies if SubVersion is 2407 or greater and supports only for oAuth shipments. */
        NegotiatedRateCharges_RateModifier: {
            /**
             * @description Rate Modifier Type .
             *     Example- "ORM"  Applies if SubVersion is 2407 or greater and supports only for oAuth shipments.
             */
            ModifierType: string;
            /**
             * @description Rate Modifier Description .
             *     Example- "Origin Modifier"  Applies if SubVersion is 2407 or greater and supports only for oAuth shipments.
             */
            ModifierDesc: string;
            /**
             * @description Amount .
             *     Example- "-1.00","0.25"
             *
             *     It contains positive or negative values.  Applies if SubVersion is 2407 or greater and supports only for oAuth shipments.
             */
            Amount: string;
        };
        /** @description TotalChargesWithTaxes container would be returned only if TaxInformationIndicator is present in request. TotalChargesWithTaxes contains total charges including total taxes applied to a shipment. */
        NegotiatedRateCharges_TotalChargesWithTaxes: {
            /** @description TotalChargesWithTaxes currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description TotalChargesWithTaxes monetary value amount.  Valid values are from 0 to 9999999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Ground Freight Pricing Shipment data container. Ground Freight Pricing shipment data is only guaranteed to be returned for Ground Freight Pricing shipments only. */
        ShipmentResults_FRSShipmentData: {
            TransportationCharges: components["schemas"]["FRSShipmentData_TransportationCharges"];
            FreightDensityRate?: components["schemas"]["FRSShipmentData_FreightDensityRate"];
            /**
             * @description Handling Unit for Density based rating container.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            HandlingUnits?: components["schemas"]["FRSShipmentData_HandlingUnits"][];
        };
        /** @description Transportation charges container. Ground Freight Pricing transportation charges. These are only returned for Ground Freight Pricing enabled shipper account number when the user includes the FRSShipmentIndicator in the request. */
        FRSShipmentData_TransportationCharges: {
            GrossCharge: components["schemas"]["TransportationCharges_GrossCharge"];
            DiscountAmount: components["schemas"]["TransportationCharges_DiscountAmount"];
            /** @description It indicates the shipment level discount percentage for transportation charges. */
            DiscountPercentage: string;
            NetCharge: components["schemas"]["TransportationCharges_NetCharge"];
        };
        /** @description Gross Charges container. It indicates the shipment level gross Ground Freight Pricing transportation charges. */
        TransportationCharges_GrossCharge: {
            /** @description Gross charges currency code. */
            CurrencyCode: string;
            /** @description Gross charges monetary value.  Valid values are from 0 to 9999999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Discount Amount container. It indicates the shipment level Ground Freight Pricing discount amount for transportation charges */
        TransportationCharges_DiscountAmount: {
            /** @description Discount Amount currency code. */
            CurrencyCode: string;
            /** @description Discount amount monetary value.  Valid values are from 0 to 9999999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Net Charges container. It indicates the shipment level net Ground Freight Pricing transportation charges. */
        TransportationCharges_NetCharge: {
            /** @description Net Charge currency code. */
            CurrencyCode: string;
            /** @description Net charges monetary value.  Valid values are from 0 to 9999999999999999.99 */
            MonetaryValue: string;
        };
        /** @description FreightDensityRate container for Density based rating. */
        FRSShipmentData_FreightDensityRate: {
            /** @description Density is returned if the Shipper is eligible for Density based rate.   Valid values are 0 to 999.9 */
            Density: string;
            /** @description Total Cubic feet is returned if the Shipper is eligible for Density based rate.   Valid values are 0 to 99999.999 */
            TotalCubicFeet: string;
        };
        FRSShipmentData_HandlingUnits: {
            /** @description Handling Unit Quantity for Density based rating. */
            Quantity: string;
            Type: components["schemas"]["HandlingUnits_Type"];
            Dimensions: components["schemas"]["HandlingUnits_Dimensions"];
            AdjustedHeight?: components["schemas"]["HandlingUnits_AdjustedHeight"];
        };
        /** @description Container to hold Adjusted Height information. */
        HandlingUnits_AdjustedHeight: {
            /** @description Adjusted Height value for the handling unit.  Height Adjustment is done only when Handling unit type is SKD = Skid or PLT = Pallet. */
            Value: string;
            UnitOfMeasurement: components["schemas"]["AdjustedHeight_UnitOfMeasurement"];
        };
        /** @description Billing Weight container. */
        ShipmentResults_BillingWeight: {
            UnitOfMeasurement: components["schemas"]["BillingWeight_UnitOfMeasurement"];
            /** @description Billing weight. Higher of the actual shipment weight versus the shipment dimensional weight.  When using a negotiated divisor different from the published UPS divisor (139 for inches and 5,000 for cm), the weight returned is based on the published divisor. Rates, however, are based on the negotiated divisor. */
            Weight: string;
        };
        /** @description Billing weight unit of measurement code. The unit of measurement used in Shipment request is returned. */
        BillingWeight_UnitOfMeasurement: {
            /** @description Code of the billing weight measurement units. Values are: KGS or LBS. */
            Code: string;
            /** @description Description of the billing weight measurement units. */
            Description?: string;
        };
        ShipmentResults_PackageResults: {
            /**
             * @description Package 1Z number.
             *     For Mail Innovations shipments, please use the USPSPICNumber when tracking packages (a non-1Z number Mail Manifest Id is returned).
             */
            TrackingNumber: string;
            /**
             * @description Returned Package Information.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            RateModifier?: components["schemas"]["PackageResults_RateModifier"][];
            BaseServiceCharge?: components["schemas"]["PackageResults_BaseServiceCharge"];
            ServiceOptionsCharges?: components["schemas"]["PackageResults_ServiceOptionsCharges"];
            ShippingLabel?: components["schemas"]["PackageResults_ShippingLabel"];
            ShippingReceipt?: components["schemas"]["PackageResults_ShippingReceipt"];
            /** @description USPSPICNumber is USPS Package Identification; it should be used for tracking Mail Innovations shipments. */
            USPSPICNumber?: string;
            /**
             * @description USPS defined CN22 ID number format varies based on destination country or territory.
             *     Not applicable as of Jan 2015.
             *     Mail Innovations shipments US to VI, PR, and GU are not considered international.
             */
            CN22Number?: string;
            /**
             * @description The container for Accessorial indicators. This information would be returned only for UPS Worldwide Express Freight and UPS Worldwide Express Freight Mid-day service request with Dry Ice or Oversize Pallet and SubVersion greater than or equal to 1707. This is valid only for UPS Worldwide Express Freight and UPS Worldwide Express Freight Mid-day service.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            Accessorial?: components["schemas"]["PackageResults_Accessorial"][];
            SimpleRate?: components["schemas"]["PackageResults_SimpleRate"];
            Form?: components["schemas"]["PackageResults_Form"];
            /**
             * @description Itemized Charges are returned only when the subversion element is present and greater than or equal to 1607. Package level itemized charges are only returned for US domestic movements.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ItemizedCharges?: components["schemas"]["PackageResults_ItemizedCharges"][];
            NegotiatedCharges?: components["schemas"]["PackageResults_NegotiatedCharges"];
        };
        /**
         * @description Base Service Charge container.
         *     Transportation charge = BaseServiceCharge + Fuel charge  Returned only if Subversion >=1701.
         */
        PackageResults_BaseServiceCharge: {
            /** @description BaseServiceCharge currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description Base Service Charge value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Shipment charges info. Shipment charges are only guaranteed to be returned for shipments whose origin country or territory is US or Puerto Rico. */
        PackageResults_ServiceOptionsCharges: {
            /** @description Package accessorial charges currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /**
             * @description Package accessorial charges value amount.
             *
             *     Valid values are from 0 to 99999999999999.99
             */
            MonetaryValue: string;
        };
        /**
         * @description The container for UPS shipping label. Returned for following shipments -
         *     Forward shipments,
         *     Shipments with PRL returns service,
         *     Electronic Return Label or Electronic Import Control Label shipments with SubVersion greater than or equal to 1707. Shipping label wont be returned if BarCodeImageIndicator is present.
         */
        PackageResults_ShippingLabel: {
            ImageFormat: components["schemas"]["ShippingLabel_ImageFormat"];
            /** @description Base 64 encoded graphic image. */
            GraphicImage: string;
            /**
             * @description Base 64 encoded graphic image. Applicable only for Mail Innovations CN22 Combination Forward Label with more than 3 commodities.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            GraphicImagePart?: string[];
            /** @description Base 64 encoded graphic image of the Warsaw text and signature box. EPL2, ZPL and SPL labels. The image will be returned for non-US based shipments. One image will be given per shipment and it will be in the first PackageResults container. */
            InternationalSignatureGraphicImage?: string;
            /** @description Base 64 encoded html browser image rendering software. This is only returned for gif and png image formats. */
            HTMLImage?: string;
            /** @description PDF-417 is a two-dimensional barcode, which can store up to about 1,800 printable ASCII characters or 1,100 binary characters per symbol. The symbol is rectangular. The image is Base 64 encoded and returned if the LabelImageFormat code is GIF. Shipment with PRL return service only. */
            PDF417?: string;
        };
        /** @description The container image format. */
        ShippingLabel_ImageFormat: {
            /** @description Label image code that the labels are generated. Valid values: EPL = EPL2 SPL = SPL ZPL = ZPL GIF = gif images PNG = PNG images. Only EPL, SPL, ZPL and GIF are currently supported. For multi piece COD shipments, the label image format for the first package will always be a GIF for any form of label requested. */
            Code: string;
            /** @description Description of the image format. */
            Description?: string;
        };
        /**
         * @description Supported for following shipments -
         *     PRL shipments,
         *     Electronic Return Label or Electronic Import Control Label shipments with SubVersion greater than or equal to 1707.
         */
        PackageResults_ShippingReceipt: {
            ImageFormat: components["schemas"]["ShippingReceipt_ImageFormat"];
            /**
             * @description Base 64 encoded receipt in HTML format.
             *
             *     The receipt image is only returned for the first 5 packages.
             */
            GraphicImage: string;
        };
        /** @description Container for a Image Format. */
        ShippingReceipt_ImageFormat: {
            /**
             * @description Code representing the format in which a receipt is delivered. Valid values:
             *     - HTML = HTML format
             */
            Code: string;
            /** @description Description of the image format code. */
            Description?: string;
        };
        PackageResults_Accessorial: {
            /** @description Code for Accessorial Indicator. */
            Code: string;
            /** @description Description for Accessorial Indicator. */
            Description?: string;
        };
        /** @description SimpleRate will be returned if Simple Rate  present in request */
        PackageResults_SimpleRate: {
            /** @description Simple Rate Package Size Valid values: XS -  Extra Small S -  Small M -  Medium L - Large XL - Extra Large */
            Code: string;
        };
        /**
         * @description Container tag for the International forms image.  Currently this container would be returned for UPS Premium Care shipments. Form is returned for following shipments -
         *     Forward shipments,
         *     Shipments with PRL ReturnService,
         *     Electronic Return Label or Electronic Import Control Label shipments with SubVersion greater than or equal to 1707. CN22 data for Worlwide economy services will be returned within the PDF417 barcode of the label.
         */
        PackageResults_Form: {
            /**
             * @description Code that indicates the type of form.  Valid values:
             *     - 01 - All Requested International Forms.
             */
            Code?: string;
            /** @description Description that indicates the type of form.  Possible Values: All Requested International Forms. */
            Description?: string;
            Image?: components["schemas"]["Form_Image"];
            /** @description Unique Id for later retrieval of saved version of the completed international forms. */
            FormGroupId?: string;
            /** @description Contains description text which identifies the group of International forms. This element is part of both request and response. This element does not appear on the forms. */
            FormGroupIdName?: string;
        };
        /** @description Container tag for the International forms image. */
        ShipmentResults_Form_Image: {
            ImageFormat: components["schemas"]["ShipmentResults_Image_ImageFormat"];
            /** @description Base 64 encoded International forms image. */
            GraphicImage: string;
        };
        /** @description Container tag for the International forms image. */
        Form_Image: {
            ImageFormat: components["schemas"]["Image_ImageFormat"];
            /** @description Base 64 encoded International forms image. */
            GraphicImage: string;
        };
        /** @description Container for the High Value Report image format information for Import Control Shipments. */
        HighValueReport_Image_ImageFormat: {
            /**
             * @description Code representing the format in which the High Value Report is generated.
             *
             *     Valid values:
             *     - PDF = pdf.
             */
            Code: string;
            /** @description Description of the High Value Report image format code. */
            Description?: string;
        };
        /** @description The container for format of COD Turn In Page. */
        CODTurnInPage_Image_ImageFormat: {
            /**
             * @description Format code of the generated COD Turn In Page.
             *
             *     Valid values:
             *     - HTML = HTML format.
             *
             *     Only HTML format is supported for COD Turn In Page.
             */
            Code: string;
            /** @description Description of the form image format code. */
            Description?: string;
        };
        /** @description Container tag for the International forms image format information. */
        ShipmentResults_Image_ImageFormat: {
            /**
             * @description Code representing the format in which the forms are generated. Valid values:
             *     - PDF = pdf
             */
            Code: string;
            /** @description Description of the form image format code. */
            Description?: string;
        };
        /** @description Container tag for the International forms image format information. */
        Image_ImageFormat: {
            /** @description Code representing the format in which the forms are generated. Valid values: PDF = pdf, PNG = png */
            Code: string;
            /** @description Description of the form image format code. */
            Description?: string;
        };
        PackageResults_ItemizedCharges: {
            /** @description Identification code for itemized charge. */
            Code: string;
            /** @description Description of Itemized Charge that had been charged. */
            Description?: string;
            /** @description The IATA currency code associated with the Itemized Charge costs for the shipment. */
            CurrencyCode: string;
            /** @description Itemized Charges value amount. */
            MonetaryValue: string;
            /** @description The sub-type of ItemizedCharges type. */
            SubType?: string;
        };
        /**
         * @description Negotiated Rates Charge Container.  These charges are returned when:
         *     1) Subversion is greater than or equal to 1607
         *     2) If negotiated rates were requested for GFP shipments and account number is eligible to receive negotiated rates.
         */
        PackageResults_NegotiatedCharges: {
            /**
             * @description Negotiated Itemized Accessorial and SurCharges.
             *
             *     Negotiated itemized charges are only returned for certain contract-only shipments as well as Worldwide Express Freight, Ground Freight Pricing, and Hazmat movements. Negotiated Itemized Accessorial and Sur Charges are returned only when the subversion element is present and greater than or equal to 1607.
             *
             *     Package level itemized charges are only returned for US domestic movements
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ItemizedCharges?: components["schemas"]["NegotiatedCharges_ItemizedCharges"][];
            RateModifier?: components["schemas"]["NegotiatedCharges_RateModifier"][];
        };
        NegotiatedCharges_ItemizedCharges: {
            /** @description Identification code for itemized charge. */
            Code: string;
            /** @description Description of Itemized Charge that had been charged. */
            Description?: string;
            /** @description The IATA currency code associated with the Itemized Charge costs for the shipment. */
            CurrencyCode: string;
            /** @description Itemized Charges value amount. */
            MonetaryValue: string;
            /** @description The sub-type of ItemizedCharges type. */
            SubType?: string;
        };
        /** @description Container for returned Rate Modifier information.  Applies if SubVersion is 2407 or greater and supports only for oAuth shipments. */
        NegotiatedCharges_RateModifier: {
            /**
             * @description Rate Modifier Type .
             *     Example- "ORM"  Applies if SubVersion is 2407 or greater and supports only for oAuth shipments.
             */
            ModifierType: string;
            /**
             * @description Rate Modifier Description .
             *     Example- "Origin Modifier"  Applies if SubVersion is 2407 or greater and supports only for oAuth shipments.
             */
            ModifierDesc: string;
            /**
             * @description Amount .
             *     Example- "-1.00","0.25"
             *
             *     It contains positive or negative values.  Applies if SubVersion is 2407 or greater and supports only for oAuth shipments.
             */
            Amount: string;
        };
        /** @description Container for returned Rate Modifier information. Applies only if SubVersion is 2205 or greater. */
        PackageResults_RateModifier: {
            /** @description Rate Modifier Type. Example: "ORM". Applies only if SubVersion is 2205 or greater. */
            ModifierType: string;
            /** @description Rate Modifier Description. Example: "Origin Modifier". Applies only if SubVersion is 2205 or greater. */
            ModifierDesc: string;
            /** @description Amount. Example: "-1.00","0.25". It contains positive or negative values. Applies only if SubVersion is 2205 or greater. */
            Amount: string;
        };
        ShipmentResults_ControlLogReceipt: {
            ImageFormat: components["schemas"]["ControlLogReceipt_ImageFormat"];
            /** @description Base 64 encoded html, EPL2, ZPL or SPL image. */
            GraphicImage: string;
        };
        /** @description Container for the High Value report format required if parent exist. */
        ControlLogReceipt_ImageFormat: {
            /**
             * @description Code for the type of Graphic Image for the High Value Report.
             *
             *     Valid values:
             *     - EPL = EPL2 (when user requests label in EPL2 format)
             *     - SPL = SPL (when user requests label in SPL format)
             *     - ZPL = ZPL (when user requests label in ZPL format)
             *     - HTML= HTML (when user requests label in HTML format)
             */
            Code: string;
            /** @description Description of the format code. */
            Description?: string;
        };
        /**
         * @description Container tag for the International forms image.   Form is returned for following shipments -
         *     Forward shipments,
         *     Shipments with PRL ReturnService,
         *     Electronic Return Label or Electronic Import Control Label shipments with SubVersion greater than or equal to 1707.
         */
        ShipmentResults_Form: {
            /**
             * @description Code that indicates the type of form.
             *
             *     Valid values: 01 - All Requested International Forms.
             */
            Code?: string;
            /** @description Description that indicates the type of form. Possible Values. All Requested International Forms. */
            Description?: string;
            Image?: components["schemas"]["ShipmentResults_Form_Image"];
            /** @description Unique Id for later retrieval of saved version of the completed international forms. Always returned when code = 01. 01 represents international forms. */
            FormGroupId?: string;
            /** @description Contains description text which identifies the group of International forms. This element is part of both request and response. This element does not appear on the forms. */
            FormGroupIdName?: string;
        };
        /** @description The container of the COD Turn In Page. */
        ShipmentResults_CODTurnInPage: {
            Image: components["schemas"]["CODTurnInPage_Image"];
        };
        /** @description The container of the image for COD Turn In Page. */
        CODTurnInPage_Image: {
            ImageFormat: components["schemas"]["CODTurnInPage_Image_ImageFormat"];
            /** @description Base 64 encoded html browser image rendering software */
            GraphicImage: string;
        };
        /** @description Container for the High Value Report generated for ImportControl or Return shipments with high package declared value. */
        ShipmentResults_HighValueReport: {
            Image: components["schemas"]["HighValueReport_Image"];
        };
        /** @description Container tag for the High Value Report image. */
        HighValueReport_Image: {
            ImageFormat: components["schemas"]["HighValueReport_Image_ImageFormat"];
            /** @description Base 64 encoded High Value Report image. */
            GraphicImage: string;
        };
        /** @description N/A */
        VOIDSHIPMENTRequestWrapper: {
            VoidShipmentRequest: components["schemas"]["VoidShipmentRequest"];
        };
        /** @description N/A */
        VOIDSHIPMENTResponseWrapper: {
            VoidShipmentResponse: components["schemas"]["VoidShipmentResponse"];
        };
        /** @description Void Shipment Request Container */
        VoidShipmentRequest: {
            Request: components["schemas"]["VoidShipmentRequest_Request"];
            VoidShipment: components["schemas"]["VoidShipmentRequest_VoidShipment"];
        };
        /** @description Request Container */
        VoidShipmentRequest_Request: {
            /** @description Optional processing. No options  Not used. Left for future uses */
            RequestOption?: string;
            TransactionReference?: components["schemas"]["VoidRequest_TransactionReference"];
        };
        /** @description TransactionReference identifies transactions between client and server. */
        VoidRequest_TransactionReference: {
            /** @description The CustomerContext Information which will be echoed during response. */
            CustomerContext?: string;
        };
        /** @description The container for the Ship Void Request. */
        VoidShipmentRequest_VoidShipment: {
            /** @description Unique key to tag shipments in shipping history. It could be MyUPS registration Number or any unique identifier. */
            ShippingHistoryUserKey?: string;
            /** @description The shipment's identification number  Alpha-numeric. Must pass 1Z rules. Must be upper case. */
            ShipmentIdentificationNumber: string;
            /**
             * @description The package's identification number  Alpha-numeric. Must pass 1Z rules. Must be upper case.
             *
             *     Package level Void is not applicable for return service.
             */
            TrackingNumber?: string[];
        };
        /** @description Void Response Container. */
        VoidShipmentResponse: {
            Response: components["schemas"]["VoidShipmentResponse_Response"];
            SummaryResult: components["schemas"]["VoidShipmentResponse_SummaryResult"];
            /**
             * @description Contains the Package Level Results.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            PackageLevelResults?: components["schemas"]["VoidShipmentResponse_PackageLevelResults"][];
        };
        /** @description Response Container. */
        VoidShipmentResponse_Response: {
            ResponseStatus: components["schemas"]["VoidResponse_ResponseStatus"];
            Alert?: components["schemas"]["Response_Alert"];
            TransactionReference?: components["schemas"]["VoidResponse_TransactionReference"];
        };
        /** @description Response Status Container. */
        VoidResponse_ResponseStatus: {
            /** @description Identifies the success or failure of the transaction. 1 = Successful */
            Code: string;
            /** @description Describes Response Status Code. Returns text of Success */
            Description: string;
        };
        /** @description Transaction Reference Container. */
        VoidResponse_TransactionReference: {
            /** @description The CustomerContext Information which will be echoed during response. */
            CustomerContext?: string;
        };
        /** @description Container for the Summary Result */
        VoidShipmentResponse_SummaryResult: {
            Status: components["schemas"]["SummaryResult_Status"];
        };
        /** @description Container for the status of the Summary Result */
        SummaryResult_Status: {
            /** @description Code for the status of the Summary Result */
            Code: string;
            /** @description Description of the status of the Summary Result */
            Description: string;
        };
        VoidShipmentResponse_PackageLevelResults: {
            /** @description The package's identification number */
            TrackingNumber: string;
            Status: components["schemas"]["PackageLevelResults_Status"];
        };
        /** @description Contains the status code tags. */
        PackageLevelResults_Status: {
            /** @description The Package Level void status code.  A numeric value that describes the status code. 1 = Voided or Already Voided;  0 = Not Voided */
            Code: string;
            /** @description A text description of the status code. */
            Description: string;
        };
        /** @description N/A */
        LABELRECOVERYRequestWrapper: {
            LabelRecoveryRequest: components["schemas"]["LabelRecoveryRequest"];
        };
        /** @description N/A */
        LABELRECOVERYResponseWrapper: {
            LabelRecoveryResponse: components["schemas"]["LabelRecoveryResponse"];
        };
        /** @description Request for obtaining the Label for the return shipment. */
        LabelRecoveryRequest: {
            Request: components["schemas"]["LabelRecoveryRequest_Request"];
            LabelSpecification?: components["schemas"]["LabelRecoveryRequest_LabelSpecification"];
            Translate?: components["schemas"]["LabelRecoveryRequest_Translate"];
            LabelDelivery?: components["schemas"]["LabelRecoveryRequest_LabelDelivery"];
            /**
             * @description Small Package Tracking Number. Required if Mail Innovations Tracking Number or ReferenceNumber/Value and ShipperNumber is not provided.  If only TrackingNumber is provided, the request will be treated as Small Package Shipment. Label Recovery will return label for Small Package Tracking Number.
             *     If both, TrackingNumber and MailInnovationsTrackingNumber are provided, the request will be treated as Dual Mail Innovations Return Shipment. Label Recovery will return two labels one each for - Small Package Tracking Number and Mail Innovations Return Tracking Number.
             */
            TrackingNumber?: string;
            /** @description List of Roadie (1R) tracking numbers associated with the label recovery request. Each tracking number must start with "1R" or "1r" and must be either 16 characters (offline) or 28 characters (online) in length. */
            TrackingNumbers?: string[];
            /**
             * @description Mail Innovations Tracking Number.  Required if Tracking Number or ReferenceNumber/Value is not populated.
             *     If only MailInnovationsTrackingNumber is provided, the request will be treated as Single Mail Innovations Return Shipment. Label Recovery will return label for Mail Innovations Return Tracking Number.
             *     If both, TrackingNumber and MailInnovationsTrackingNumber are provided, the request will be treated as Dual Mail Innovations Return Shipment. Label Recovery will return two labels one each for - Small Package Tracking Number and Mail Innovations Return Tracking Number.
             */
            MailInnovationsTrackingNumber?: string;
            ReferenceValues?: components["schemas"]["LabelRecoveryRequest_ReferenceValues"];
            /**
             * @description Represents 5 character ISO Locale that allows the user to request Reference Number Code on Label, Label instructions, Receipt instructions (if available for given tracking number) and High Value Report (if available for given tracking number) in desired language.
             *     Locale is specified by the combination of language code and country or territory code - 2 character language code and 2 character country code seperated by an underscore ('_') character. Example - de_DE. Please refer to Appendix for supported values for Locale.  Either Translate container or Locale element can be present in a given request. Both can't be requested together in same request.
             */
            Locale?: string;
            UPSPremiumCareForm?: components["schemas"]["LabelRecoveryRequest_UPSPremiumCareForm"];
        };
        /** @description Request Container. */
        LabelRecoveryRequest_Request: {
            /**
             * @description When UPS introduces new elements in the response that are not associated with new request elements, Subversion is used. This ensures backward compatibility.
             *
             *     To get such elements you need to have the right Subversion. The value of the subversion is explained in the Response element Description. To support Roadie labels, the API version in the URL must be v2603.
             *
             *     Format: YYMM = Year and month of the release.
             *     Example: 1701 = 2017 January  Supported values: 1701, 1707, 1903, 2603
             */
            SubVersion?: string;
            /** @description Request option is no longer used. */
            RequestOption?: string;
            TransactionReference?: components["schemas"]["LRRequest_TransactionReference"];
        };
        /** @description Container that identifies transactions between client and server. */
        LRRequest_TransactionReference: {
            /** @description The CustomerContext Information which will be echoed during response */
            CustomerContext?: string;
        };
        /** @description Container that is used to define the properties required by the user to print and/ or display the UPS shipping label.  Required for the shipment without return service, or shipment with PRL return service. */
        LabelRecoveryRequest_LabelSpecification: {
            /** @description Browser HTTPUserAgent String. This is the preferred way of identifying GIF image type to be generated.  Required if <Root node>/ LabelSpecification/LabelImageFormat/Code = Gif. Default to Mozilla/4.5 if this field is missing or has invalid value. */
            HTTPUserAgent?: string;
            LabelImageFormat?: components["schemas"]["LabelRecovery_LabelSpecification_LabelImageFormat"];
            LabelStockSize?: components["schemas"]["LabelRecovery_LabelSpecification_LabelStockSize"];
        };
        /** @description The file format of the label and receipt. Defaults to HTML format if this node does not exist. */
        LabelRecovery_LabelSpecification_LabelImageFormat: {
            /**
             * @description File type that the label is to be generated in. Valid values are:
             *     - GIF -- label is in HTML format.
             *     - PDF -- label is in PDF format.
             *     - ZPL -- Thermal label in ZPL format.
             *     - EPL -- Thermal label in EPL2 format.
             *     - SPL -- Thermal label in SPL format.
             *
             *     Default is GIF.
             *
             *     Roadie shipments only support GIF, PNG, and ZPL formats.
             */
            Code: string;
            /** @description Description of the label image format code. */
            Description?: string;
        };
        /** @description Container to hold Label Height and Width information.  Applicable if Label Image Code is ZPL, EPL and SPL. Ignored for other Label Image Code types. */
        LabelRecovery_LabelSpecification_LabelStockSize: {
            /**
             * @description Height of the Label.  Only valid values are 6 or 8.
             *
             *     Note: Label Image will only scale up to 4 X 6, even when requesting 4 X 8.
             */
            Height: string;
            /**
             * @description Width of the Label.  Valid value is 4.
             *
             *     Note: Label Image will only scale up to 4 X 6, even when requesting 4 X 8.
             */
            Width: string;
        };
        /**
         * @description Translate container allows the user to specify the language he/she would like a specific portion of response to return.
         *     The language is specified by the combination of language code and dialect code.
         *     Valid combinations are: LanguageCode + DialectCode.  Either Translate container or Locale element can be present in a given request. Both can't be requested together in same request.
         *     Combinations:
         *     eng GB = Queen's English
         *     Spa 97 = Castilian Spanish
         *     ita 97 = Italian
         *     fra 97 = France French
         *     fra CA = Canadian French
         *     deu 97 = German
         *     por 97 = Portugal Portuguese
         *     nld 97 = Dutch
         *     dan 97 = Danish
         *     fin 97 = Finnish
         *     swe 97 = Swedish
         *     eng CA = Canadian English
         *     Eng US = US English
         *     Default language is Queen's English
         *
         *     If the Ship from country or territory is Canada, the Language defaults to Canadian English.
         *
         *     If the ship from country or territory is US, the language defaults to US English.
         *
         *     If shipping from some other country or territory, the language defaults to Queens English.
         */
        LabelRecoveryRequest_Translate: {
            /**
             * @description The Language code. The language codes are three letter language codes. Supported languages are:
             *     - eng - English
             *     - spa - Spanish
             *     - ita - Italian
             *     - fra - French
             *     - deu - German
             *     - por -Portuguese
             *     - nld – Dutch
             *     - dan - Danish
             *     - fin - Finnish
             *     - swe – Swedish
             *     - nor – Norwegian
             */
            LanguageCode: string;
            /**
             * @description Valid dialect codes are:
             *     - CA - Canada
             *     - GB - Great Britain
             *     - US - United States
             *     - 97 – Not Applicable
             */
            DialectCode: string;
            /**
             * @description Used to specify what will be translated.
             *     Valid code:
             *     01 = label direction instructions and receipt
             */
            Code: string;
        };
        /** @description Container for the Label Delivery accessorial. One Label Delivery per shipment. */
        LabelRecoveryRequest_LabelDelivery: {
            /**
             * @description Indicates the Label Recovery and Receipt Recovery URL links are to be returned in the XML Response. Valid for following shipment -
             *     Print/Electronic Return Label
             *     Print/Electronic Import Control Label
             *     Forward shipment except for Mail Innovations Forward
             */
            LabelLinkIndicator?: string;
            /** @description Not Used. If this tag is present, resend the Label Delivery notification email. */
            ResendEMailIndicator?: string;
        };
        /** @description Container that holds reference number and shipper number  If tracking number is not present use reference Number. This is mandatory for only Roadie shipments. */
        LabelRecoveryRequest_ReferenceValues: {
            ReferenceNumber: components["schemas"]["ReferenceValues_ReferenceNumber"];
            /** @description Required if ReferenceNumber/Value is populated. Shipper's six digit account number. Must be six alphanumeric characters. Must be associated with the Internet account used to login. */
            ShipperNumber: string;
        };
        /** @description Container for reference number */
        ReferenceValues_ReferenceNumber: {
            /** @description Required if TrackingNumber or Mail Innovations Tracking Number is not populated. Customer supplied reference number. Supports up to 2 customer supplied combinations of Reference code- value combinations. */
            Value: string;
        };
        /**
         * @description UPS Premium Care Form container.  Default is PDF when container is not provided.
         *       Valid only for Canada to Canada movements. UPS Premium Care Form will be returned in  both US English and Canadian French language.
         */
        LabelRecoveryRequest_UPSPremiumCareForm: {
            /**
             * @description Size of UPS Premium Care Form.  Valid values:
             *     01 = A4 Size
             *     02 = Letter Size
             */
            PageSize: string;
            /**
             * @description Format of UPS Premium Care Form.  Valid values:
             *     01 = PNG
             *     02 = PDF
             */
            PrintType: string;
        };
        /** @description Response for the Label recovery request  Validates the date range and label being present. Also if the shipment is return or not */
        LabelRecoveryResponse: {
            Response: components["schemas"]["LabelRecoveryResponse_Response"];
            /** @description Tracking number of the leading package in the shipment */
            ShipmentIdentificationNumber?: string;
            LabelResults: components["schemas"]["LabelRecoveryResponse_LabelResults"][];
            CODTurnInPage?: components["schemas"]["LabelRecoveryResponse_CODTurnInPage"];
            Form?: components["schemas"]["LabelRecoveryResponse_Form"];
            HighValueReport?: components["schemas"]["LabelRecoveryResponse_HighValueReport"];
            TrackingCandidate?: components["schemas"]["LabelRecoveryResponse_TrackingCandidate"][];
        };
        /** @description Response Container */
        LabelRecoveryResponse_Response: {
            ResponseStatus: components["schemas"]["LRResponse_ResponseStatus"];
            Alert?: components["schemas"]["Response_Alert"][];
            TransactionReference?: components["schemas"]["LRResponse_TransactionReference"];
        };
        /** @description Response Status container */
        LRResponse_ResponseStatus: {
            /** @description Identifies the success status of the transaction. 1= Success */
            Code: string;
            /** @description Describes Response Status Code. Returns the text "Success" */
            Description: string;
        };
        /** @description Transaction Reference Container */
        LRResponse_TransactionReference: {
            /** @description The CustomerContext Information which will be echoed during response */
            CustomerContext?: string;
        };
        /** @description Container that stores the label results. Information containing the results of the user's Label Recovery Request. */
        LabelRecoveryResponse_LabelResults: {
            /** @description Package Tracking number.  Package 1Z number. Returned only if TrackingNumber or Combination of Reference Number and Shipper Number present in request. */
            TrackingNumber?: string;
            LabelImage?: components["schemas"]["LabelResults_LabelImage"];
            /** @description Mail Innovations Tracking Number.  Applicable for Single Mail Innovations Returns and Dual Mail Innovations Returns shipment. Returned only if MailInnovationsTrackingNumber is provided in request. */
            MailInnovationsTrackingNumber?: string;
            MailInnovationsLabelImage?: components["schemas"]["LabelResults_MailInnovationsLabelImage"];
            Receipt?: components["schemas"]["LabelResults_Receipt"];
            Form?: components["schemas"]["LabelResults_Form"];
        };
        /** @description The elements needed to render a label on a printer or in a browser. Specifies the format in which GraphicImage is represented. If LabelImageFormat is GIF, LabelImage contains GraphicImage and HTMLImage. Otherwise, it contains only GraphicImage. If LabelImageFormat is PDF, LabelImage is only returned at the first package result. If entered in the request, the response mirrors, else the default values are returned.  Returned only if TrackingNumber or Combination of Reference Number and Shipper Number present in request. */
        LabelResults_LabelImage: {
            LabelImageFormat: components["schemas"]["LabelImage_LabelImageFormat"];
            /** @description Base 64 encoded graphic image. */
            GraphicImage: string;
            /** @description Base 64 encoded html browser image rendering software. This is only returned for GIF image formats. */
            HTMLImage?: string;
            /**
             * @description PDF-417 is a two-dimensional barcode, which can store up to about 1,800 printable ASCII characters or 1,100 binary characters per symbol. The symbol is rectangular.
             *
             *     The PDF417 image will be returned when the shipment is trans-border and the service option is one of the following: Standard Express, Saver Express Plus. The image is Base 64 encoded and only returned for GIF image format.
             */
            PDF417?: string;
            /** @description Base 64 encoded graphic image of the Warsaw text and signature box. */
            InternationalSignatureGraphicImage?: string;
            /**
             * @description This is only returned if the label link is requested to be returned and only at the first package result  Applicable for following types of shipments:
             *     Print/Electronic Return Label
             *     Print/Electronic Import Control Label
             *     Forward shipment except for Mail Innovations Forward
             */
            URL?: string;
        };
        /** @description The format of a label image byte stream. */
        LabelImage_LabelImageFormat: {
            /** @description The format of a label image byte stream.  Code type that the label image is to be generated in. Valid value returned is GIF or PDF */
            Code: string;
        };
        /**
         * @description Container to hold Mail Innovations shipments label. The elements needed to render a label on a printer or in a browser. Specifies the format in which GraphicImage is represented. If LabelImageFormat is GIF, LabelImage contains GraphicImage and HTMLImage. Otherwise, it contains only GraphicImage.   Applicable for Single Mail Innovations Returns and Dual Mail Innovations Returns shipment. Returned only if MailInnovationsTrackingNumber is provided in request.
         *     If LabelImageFormat requested was PDF and TrackingNumber was present along with MailInnovationsTrackingNumber in the request, only LabelImage container is returned. MailInnovationsLabelImage will not be returned. In that case, the labels for Small Package Tracking Number and Mail Innovations Tracking Number will be stitched in single PDF file.
         */
        LabelResults_MailInnovationsLabelImage: {
            LabelImageFormat: components["schemas"]["MailInnovationsLabelImage_LabelImageFormat"];
            /** @description Base 64 encoded graphic image. */
            GraphicImage: string;
            /** @description Base 64 encoded html browser image rendering software. This is only returned for GIF image formats. */
            HTMLImage?: string;
            /** @description PDF-417 is a two-dimensional barcode, which can store up to about 1,800 printable ASCII characters or 1,100 binary characters per symbol. The symbol is rectangular. The PDF417 image will be returned when the shipment is trans-border and the service option is one of the following: Standard, Express Saver or Express Plus.  The image is Base 64 encoded and only returned for GIF image format */
            PDF417?: string;
            /** @description Base 64 encoded graphic image of the Warsaw text and signature box.  EPL2, ZPL and SPL labels. The image will be returned for non-US based shipments. One image will be given per shipment and it will be in the first PackageResults container. */
            InternationalSignatureGraphicImage?: string;
            /**
             * @description This is only returned if the label link is requested to be returned and only at the first package result  Applicable for following types of shipments:
             *     Print/Electronic Return Label
             */
            URL?: string;
        };
        /** @description The format of a label image byte stream. */
        MailInnovationsLabelImage_LabelImageFormat: {
            /** @description Code type that the label image is to be generated in. Valid value returned is gif, pdf, zpl. Spl, epl2 */
            Code: string;
        };
        /** @description Container for the HTML receipt and the receipt link. */
        LabelResults_Receipt: {
            /** @description Base 64 encoded html browser image. */
            HTMLImage?: string;
            Image?: components["schemas"]["Receipt_Image"];
            /**
             * @description Receipt's url  Applicable for following types of shipments:
             *     Print/Electronic Return Label
             *     Print/Electronic Import Control Label
             */
            URL?: string;
        };
        /** @description Container for the receipt in the format other than HTML. */
        Receipt_Image: {
            ImageFormat: components["schemas"]["Receipt_Image_ImageFormat"];
            /** @description Base 64 encoded graphic image */
            GraphicImage: string;
        };
        /** @description Container for the format of the receipt. */
        Receipt_Image_ImageFormat: {
            /**
             * @description Code representing the format in which a receipt is returned. Valid values:
             *     - HTML = HTML format
             *     - PDF = pdf
             */
            Code: string;
            /** @description Description of the form image format code. */
            Description?: string;
        };
        /** @description Container tag for the International Forms. Currently, represents UPS Premium Care Form for Electronic Returns Label and Electronic Import Control Label. UPS  Premium Care Form for Forward shipment if Subverion is 1903 or greater  Applicable for Electronic Return Label and Electronic Import Control Label shipments only. Applies only for Canada domestic shipments. Returned for request with SubVersion greater than or equal to 1707.  UPS  Premium Care Form for Forward shipment if Subverion is 1903 or greater */
        LabelResults_Form: {
            Image: components["schemas"]["LRForm_Image"];
        };
        /** @description Container tag for the International Forms image. */
        LRForm_Image: {
            ImageFormat: components["schemas"]["Image_ImageFormat"];
            /** @description Base 64 encoded International Forms image. */
            GraphicImage: string;
        };
        /** @description Container for COD Turnin Page. */
        LabelRecoveryResponse_CODTurnInPage: {
            Image: components["schemas"]["LRCODTurnInPage_Image"];
        };
        /** @description Container for COD Turnin Page Image. */
        LRCODTurnInPage_Image: {
            ImageFormat: components["schemas"]["LR_CODTurnInPage_Image_ImageFormat"];
            /** @description Base64 Encoded COD Turnin Page image. */
            GraphicImage: string;
        };
        /** @description Container for the format of image. */
        LR_CODTurnInPage_Image_ImageFormat: {
            /** @description Image format code. Values are 01=HTML */
            Code: string;
            /** @description Description for code. */
            Description?: string;
        };
        /** @description Container tag for the International Forms. Currently, represents Commercial Invoice for Electronic Returns Label and Electronic Import Control Label.  Applicable for Electronic Return Label and Electronic Import Control Label shipments only. Returned for request with SubVersion greater than or equal to 1707. */
        LabelRecoveryResponse_Form: {
            Image: components["schemas"]["LabelRecovery_Form_Image"];
        };
        /** @description Container tag for the International Forms image. */
        LabelRecovery_Form_Image: {
            ImageFormat: components["schemas"]["LabelRecovery_Image_ImageFormat"];
            /** @description Base 64 encoded International Forms image. */
            GraphicImage: string;
        };
        /** @description Container tag for the International forms image format information. */
        LabelRecovery_Image_ImageFormat: {
            /** @description Code representing the format in which the Forms are generated. Valid values: PDF = pdf */
            Code: string;
            /** @description Description of the form image format code. */
            Description?: string;
        };
        /** @description Container tag for the High Value Report for Electronic Returns Label and Electronic Import Control Label.  Applicable for Electronic Return Label and Electronic Import Control Label shipments only. Returned for request with SubVersion greater than or equal to 1707. */
        LabelRecoveryResponse_HighValueReport: {
            Image: components["schemas"]["HighValueReport_Image"];
        };
        /** @description Information containing the results of the users Label Recovery Request. Returned in the event the Shipper Number and Reference Number are supplied in the request. */
        LabelRecoveryResponse_TrackingCandidate: {
            /** @description Packaging Tracking Number  Only supported for the web small package shipment so only supported 18 digit */
            TrackingNumber: string;
            /** @description Destination postal code candidate */
            DestinationPostalCode?: string;
            /** @description Destination country or territory code candidate, like US = USA, CA = Canada  Must be valid ups country or territory code. This is required, if MasterEUConsolidationIndicator is "1". */
            DestinationCountryCode?: string;
            PickupDateRange?: components["schemas"]["TrackingCandidate_PickupDateRange"];
        };
        /** @description A range of time the package was picked up. */
        TrackingCandidate_PickupDateRange: {
            /** @description The beginning of the date range for the candidate. Format: YYYYMMDD  Service is only supported for 30 days */
            BeginDate: string;
            /** @description The end of the date range for the candidate. Format: YYYYMMDD */
            EndDate: string;
        };
        /** @description Container to specify the GlobalTax ID */
        GlobalTaxInformation_AgentTaxIdentificationNumber: {
            /** @description When the value passed to the AgentRole parameter is 30, the value passed to the IDNumberTypeCode parameter must be 1002, 1005 or 0005. (SHIP_FROM=20, CONSIGNEE=30) */
            AgentRole: string;
            TaxIdentificationNumber?: components["schemas"]["AgentTaxIdentificationNumber_TaxIdentificationNumber"][];
        };
        /** @description The value for destination_Country_ShipmentValue which satisfies Tax-ID Threshold Code is  ‘01’=Yes, ‘02’=No,‘NA’= ‘Not Applicable’ */
        GlobalTaxInformation_DestinationCountryShipmentValue: string;
        /** @description The value for origin_country_shipment_value which satisfies Tax-ID Threshold Code is  ‘01’=Yes, ‘02’=No, ‘NA’= ‘Not Applicable’ */
        GlobalTaxInformation_OriginCountryShipmentValue: string;
        /** @description The value for idNumber_Consumer_TypeCode which satisfies Tax-ID Threshold Code is  ‘01’=Business, ‘02’=Consumer/Individual,      ‘NA’= ‘Not Applicable’ */
        GlobalTaxInformation_ShipperTypeValue: string;
        /** @description The value for flexibility and future extensibility of these Identification Numberrequirements,the recommendation is to support up to eight Identification Numbers per shipment party/role. */
        AgentTaxIdentificationNumber_TaxIdentificationNumber: {
            /** @description The code or number that a shipper or consignee has registered with a particular country’s authority for doing business, or for identification purposes. */
            IdentificationNumber: string;
            /** @description A business or individual identification type description (Future Use).specifies the relationship of the customer/ID Number to the shipment  05 =importer Address, 06=Exporter Address  , 18=DeliverTo/Consignee/Reciever Address,  37= Shipper Address. */
            IDNumberCustomerRole: string;
            /**
             * @description to determine if decryption is required. 0 = Identification number is not
             *     Encrypted
             *     1 = Identification number is
             *     Encrypted
             */
            IDNumberEncryptionIndicator: string;
            /**
             * @description The ISO-defined country code of the country where the Identification Number was issued, when applicable (as per business requirements). Needed for certain types of Identification Numbers (e.g., Passport Number).
             *     Sample Values: 'ID' = Indonesia,
             *     'VN' = Vietnam,
             *     'DE' = Germany
             */
            IDNumberIssuingCntryCd?: string;
            /**
             * @description Code that specifies the purpose of the Identification Number. For all tax ID that are not EORI = ‘01’
             *     Valid values:
             *     00/ Spaces = Unknown
             *     01= Customs/Brokerage (Default)
             *     02= Customs/Brokerage EORI
             *     99= Other
             */
            IDNumberPurposeCode: string;
            /**
             * @description The ISO-defined country code of the country whose regulatory agency is requesting the Identification Number.
             *     Typically for Import, the Consignee ID is requested by the Ship To country
             *     For export, the Shipper ID is requested by the Ship From country.
             *
             *     Required when a country (e.g., Origin country, Destination country) is requesting an ID Number for a shipment.
             */
            IDNumberRequestingCntryCd?: string;
            /**
             * @description Valid Values are:
             *     0000 = Unknown
             *     IDNumberTypeCode equal to ‘0000’ (unknown) is to be used when an ‘ID Number Type’ is not applicable, or when the front-end/client system cannot determine the type of IdentificationNumber (for any reason).
             *     0001 = Exporter Tax ID Number
             *     0002 = Importer Tax ID Number or
             *     EORI Number – When
             *     IdentificationNumberPurposeCode
             *     = 02
             *     0005 = Personal Tax ID Number
             *     1001 = Other / Free Form
             *     1002 = Company/Business Tax ID Number
             *     1003 = National ID Number
             *     1004 = Passport Number
             *     1005 = Personal ID Number
             *     1006 = Phone Number
             */
            IDNumberTypeCode: string;
            /** @description field to determine if the Identification Number should be excluded from Shipping/Brokerage documents (not be passed to Document Services)  ‘00’ -> Do Not include 01-> Include. */
            IncludeIDNumberOnShippingBrokerageDocs?: string;
        };
        /** @description Container used to define the properties required for GlobalTaxID. */
        Shipment_GlobalTaxInformation: {
            /** @description The value for origin_country_shipment_value which satisfies Tax-ID Threshold Code is  ‘01’=Yes, ‘02’=No, ‘NA’= ‘Not Applicable’ */
            OriginCountryShipmentValue?: string;
            /** @description The value for destination_Country_ShipmentValue which satisfies Tax-ID Threshold Code is  ‘01’=Yes, ‘02’=No,‘NA’= ‘Not */
            DestinationCountryShipmentValue?: string;
            /** @description The value for idNumber_Consumer_TypeCode which satisfies Tax-ID Threshold Code is  ‘01’=Business, ‘02’=Consumer/Individual,      ‘NA’= ‘Not Applicable’ */
            ShipperTypeValue?: string;
            /** @description Consignee Type. 01 = Business  02 = Consumer NA = Not Applicable */
            ConsigneeTypeValue?: string;
            AgentTaxIdentificationNumber?: components["schemas"]["GlobalTaxInformation_AgentTaxIdentificationNumber"][];
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
    Shipment: {
        parameters: {
            query?: {
                /**
                 * @description Valid Values:
                 *     city = validation will include city.Length 15
                 */
                additionaladdressvalidation?: string;
            };
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description Indicates Ship API to display the new release features in Ship API response based on Ship release.
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
                "application/json": components["schemas"]["SHIPRequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SHIPResponseWrapper"];
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
    VoidShipment: {
        parameters: {
            query?: {
                /**
                 * @description The package's tracking number. You may have
                 *     up to 20 different tracking numbers listed.
                 *     If more than one tracking number, pass this
                 *     value as: trackingnumber=
                 *     ["1ZISUS010330563105","1ZISUS01033056310
                 *     8"] with a coma separating each number.
                 *     Alpha-numeric. Must pass 1Z rules. Must be
                 *     upper case. Length 18
                 */
                trackingnumber?: string;
            };
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
                /** @description Shipper Number<br/>Required only for Roadie Shipments */
                shipperNumber?: string;
            };
            path: {
                /**
                 * @description API Version
                 *
                 *     Valid values:
                 *     - v3 (Valid only for Roadie Shipments)
                 *     - v2409
                 */
                version: string;
                /**
                 * @description The shipment's identification number
                 *     Alpha-numeric. Must pass 1Z rules. Must be
                 *     upper case. Length 18
                 */
                shipmentidentificationnumber: string;
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
                    "application/json": components["schemas"]["VOIDSHIPMENTResponseWrapper"];
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
    LabelRecovery: {
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
                 * @description When UPS introduces new elements in the
                 *     response that are not associated with new
                 *     request elements, Subversion is used. This
                 *     ensures backward compatibility.
                 *     v1  original features of the application. No
                 *     support for CODTurn-inPage, HighValueReport
                 *     or InternationalForms features returned in the
                 *     response
                 *     v1701  includes support for CODTurn-inPage
                 *     features returned in the response.
                 *     V1903
                 *      Length 5.To support Roadie labels, the API version in the URL must be v2603.
                 */
                version: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LABELRECOVERYRequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LABELRECOVERYResponseWrapper"];
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
    "Deprecated Shipment": {
        parameters: {
            query?: {
                /**
                 * @description Valid Values:
                 *     city = validation will include city.Length 15
                 */
                additionaladdressvalidation?: string;
            };
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description Indicates Ship API to display the new release features in Ship API response based on Ship release.
                 *
                 *     Valid values:
                 *     - v1
                 *     - v1601
                 *     - v1607
                 *     - v1701
                 *     - v1707
                 *     - v1801
                 *     - v1807
                 *     - v2108
                 *     - v2205
                 */
                deprecatedVersion: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SHIPRequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SHIPResponseWrapper"];
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
    "Deprecated VoidShipment": {
        parameters: {
            query?: {
                /**
                 * @description The package's tracking number. You may have
                 *     up to 20 different tracking numbers listed.
                 *     If more than one tracking number, pass this
                 *     value as: trackingnumber=
                 *     ["1ZISUS010330563105","1ZISUS01033056310
                 *     8"] with a coma separating each number.
                 *     Alpha-numeric. Must pass 1Z rules. Must be
                 *     upper case. Length 18
                 */
                trackingnumber?: string;
            };
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description API Version.
                 *
                 *     Valid values:
                 *     - v1
                 */
                deprecatedVersion: string;
                /**
                 * @description The shipment's identification number
                 *     Alpha-numeric. Must pass 1Z rules. Must be
                 *     upper case. Length 18
                 */
                shipmentidentificationnumber: string;
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
                    "application/json": components["schemas"]["VOIDSHIPMENTResponseWrapper"];
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

/**
 * Generated from UPS's Rating.yaml (shared/carriers/ups/spec/, MIT) by
 * openapi-typescript, with the document errata of shared/carriers/ups/errata.ts
 * patched.
 * Do not edit: run `npm run ups:types` (tooling/ups-types.ts). A unit test
 * (test/unit/carriers/ups/generated-types.test.ts) fails while this file
 * differs from a fresh generation. Import it with `import type` only.
 */

export interface paths {
    "/rating/{version}/{requestoption}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rating
         * @description The Rating API is used when rating or shopping a shipment. For more information on the Rating API, please visit the <a href="https://developer.ups.com/api/reference/rating/product-info" target="_blank" rel="noopener">Product Overview</a> page.
         */
        post: operations["Rate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rating/{deprecatedVersion}/{requestoption}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rating
         * @deprecated
         * @description The Rating API is used when rating or shopping a shipment.
         */
        post: operations["Deprecated Rate"];
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
        RATERequestWrapper: {
            RateRequest: components["schemas"]["RateRequest"];
        };
        /** @description N/A */
        RATEResponseWrapper: {
            RateResponse: components["schemas"]["RateResponse"];
        };
        /** @description Rate Request container. */
        RateRequest: {
            Request: components["schemas"]["RateRequest_Request"];
            PickupType?: components["schemas"]["RateRequest_PickupType"];
            CustomerClassification?: components["schemas"]["RateRequest_CustomerClassification"];
            Shipment: components["schemas"]["RateRequest_Shipment"];
        };
        /** @description Request container.  N/A */
        RateRequest_Request: {
            /** @description Indicates Rate API to display the new release features in Rate API response based on Rate release. See the What's New section for the latest Rate release. Supported values: 1601, 1607, 1701, 1707, 2108, 2205,2407,2409 */
            SubVersion?: string;
            TransactionReference?: components["schemas"]["Request_TransactionReference"];
        };
        /** @description TransactionReference identifies transactions between client and server. */
        Request_TransactionReference: {
            /** @description May be used to synchronize request/response pairs. Information in the request element is echoed back in the response. */
            CustomerContext?: string;
        };
        /** @description Pickup Type container tag. */
        RateRequest_PickupType: {
            /** @description Pickup Type Code.  Valid values: 01 - Daily Pickup (Default - used when an invalid pickup type code is provided)03 - Customer Counter06 - One Time Pickup19 - Letter Center20 - Air Service CenterLength is not validated. When negotiated rates are requested, 07 (onCallAir) will be ignored.Refer to the Rate Types Table in the Appendix for rate type based on Pickup Type and Customer Classification Code. */
            Code: string;
            /** @description Pickup Type Description.  Ignored if provided in the Request. */
            Description?: string;
        };
        /** @description Customer classification container. Valid if ShipFrom country or territory  is "US" */
        RateRequest_CustomerClassification: {
            /** @description Customer classification code.  Valid values:00 -  Rates Associated with Shipper Number01 -  Daily Rates04 -  Retail Rates05 - Regional Rates06 - General List Rates53 -  Standard List RatesLength is not validated.If customer classification code is not a valid value please refer to Rate Types Table on page 11. */
            Code: string;
            /** @description Customer classification description of the code above.  Ignored if provided in the Request. Length is not validated. */
            Description?: string;
        };
        /** @description Container for Shipment Information. */
        RateRequest_Shipment: {
            /** @description The time that the request was made from the originating system. UTC time down to milliseconds. Example - 2016-07-14T12:01:33.999  Applicable only for HazMat request and with subversion greater than or equal to 1701. */
            OriginRecordTransactionTimestamp?: string;
            Shipper: components["schemas"]["Shipment_Shipper"];
            ShipTo: components["schemas"]["Shipment_ShipTo"];
            ShipFrom?: components["schemas"]["Shipment_ShipFrom"];
            AlternateDeliveryAddress?: components["schemas"]["Shipment_AlternateDeliveryAddress"];
            ShipmentIndicationType?: components["schemas"]["Shipment_ShipmentIndicationType"][];
            PaymentDetails?: components["schemas"]["Shipment_PaymentDetails"];
            FRSPaymentInformation?: components["schemas"]["Shipment_FRSPaymentInformation"];
            FreightShipmentInformation?: components["schemas"]["Shipment_FreightShipmentInformation"];
            /** @description Goods Not In Free Circulation indicator.  This is an empty tag, any value inside is ignored. This indicator is invalid for a package type of UPS Letter and DocumentsOnly. */
            GoodsNotInFreeCirculationIndicator?: string;
            Service?: components["schemas"]["Shipment_Service"];
            /** @description Total number of pieces in all pallets. Required for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday shipments. */
            NumOfPieces?: string;
            ShipmentTotalWeight?: components["schemas"]["Shipment_ShipmentTotalWeight"];
            /** @description Valid values are Document and Non-document. If the indicator is present then the value is Document else Non-Document. Note: Not applicable for FRS rating  requests.  Empty Tag. */
            DocumentsOnlyIndicator?: string;
            Package: components["schemas"]["Shipment_Package"][];
            ShipmentServiceOptions?: components["schemas"]["Shipment_ShipmentServiceOptions"];
            ShipmentRatingOptions?: components["schemas"]["Shipment_ShipmentRatingOptions"];
            InvoiceLineTotal?: components["schemas"]["Shipment_InvoiceLineTotal"];
            /** @description Presence/Absence Indicator. Any value inside is ignored. RatingMethodRequestedIndicator is an indicator. If present, Billable Weight Calculation method and Rating Method information would be returned in response. */
            RatingMethodRequestedIndicator?: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored. TaxInformationIndicator is an indicator. The Tax related information includes any type of Taxes, corresponding Monetary Values, Total Charges with Taxes and disclaimers (if applicable) would be returned in response.  If present, any taxes that may be applicable to a shipment would be returned in response. If this indicator is requested with NegotiatedRatesIndicator, Tax related information, if applicable, would be returned only for Negotiated Rates and not for Published Rates. */
            TaxInformationIndicator?: string;
            PromotionalDiscountInformation?: components["schemas"]["Shipment_PromotionalDiscountInformation"];
            DeliveryTimeInformation?: components["schemas"]["Shipment_DeliveryTimeInformation"];
            /** @description Presence/Absence Indicator. Any value inside is ignored. MasterCartonIndicator is an indicator and presence implies that shipment is Master Carton type.  If present, the shipment will be rated as a Master Carton Type. If this indicator is requested with NegotiatedRatesIndicator, rates would be returned only for Negotiated Rates and not for Published Rates. */
            MasterCartonIndicator?: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored. WWEShipmentIndicator is an indicator and presence implies that WWE service details requested for RequestOption=Shop or  RequestOption=Shoptimeintransit  RequestOption=Shop or  RequestOption=Shoptimeintransit */
            WWEShipmentIndicator?: string;
        };
        /** @description Shipper container. Information associated with the UPS account number. */
        Shipment_Shipper: {
            /** @description Shipper's name or company name.  Length is not validated. */
            Name?: string;
            /** @description Shipper's attention name.  Length is not validated. */
            AttentionName?: string;
            /** @description Shipper's UPS account number.  A valid account number is required to receive negotiated rates. Optional otherwise. Cannot be present when requesting UserLevelDiscount. */
            ShipperNumber?: string;
            Address: components["schemas"]["Shipper_Address"];
        };
        /** @description Address Container.  If the ShipFrom container is not present then this address will be used as the ShipFrom. If this address is used as the ShipFrom, the shipment will be rated from this origin address. */
        Shipper_Address: {
            /** @description Shipper's street address including name and number (when applicable).  Maximum Occurrence should be three. Length is not validated. Note:Required if requesting Roadie Service */
            AddressLine: string[];
            /** @description Shipper's city.  Required if country or territory does not utilize postal codes. Length is not validated. */
            City?: string;
            /** @description Shipper's state code.  Length is not validated. */
            StateProvinceCode?: string;
            /** @description Shipper's postal code.  Length is not validated. */
            PostalCode?: string;
            /** @description Country or Territory code. Refer to the Supported Country or Territory Tables located in Appendix. */
            CountryCode: string;
        };
        /** @description Ship To Container */
        Shipment_ShipTo: {
            /** @description Destination attention name or company name.  Length is not validated. */
            Name?: string;
            /** @description Destination attention name.  Length is not validated. */
            AttentionName?: string;
            Address: components["schemas"]["ShipTo_Address"];
        };
        /** @description Address Container. */
        ShipTo_Address: {
            /** @description Destination street address including name and number (when applicable).  Max Occurrence can be 3. Length is not validated. Note:Required if requesting Roadie Service */
            AddressLine: string[];
            /** @description Destination city.  Required if country or territory does not utilize postal codes. Length is not validated. */
            City?: string;
            /** @description Destination state code. */
            StateProvinceCode?: string;
            /** @description Destination postal code.  Required if country or territory utilizes postal codes (i.e. US and PR). */
            PostalCode?: string;
            /** @description Destination country or territory code. Refer to the Supported Country or Territory Tables located in the Appendix. */
            CountryCode: string;
            /**
             * @description Residential Address flag. This field is a flag to indicate if the destination is a residential location. True if ResidentialAddressIndicator tag exists; false otherwise. This element does not require a value and if one is entered it will be ignored.
             *
             *     Note: When requesting TimeInTransit information, this indicator must be passed to determine if Three Day Select or Ground shipment is eligible for Saturday Delivery at no charge. If this indicator is not present, address will be considered as commercial. Empty Tag.
             */
            ResidentialAddressIndicator?: string;
        };
        /** @description Ship From Container. */
        Shipment_ShipFrom: {
            /** @description Origin attention name or company name.  Length is not validated. */
            Name?: string;
            /** @description Origin attention name.  Length is not validated. */
            AttentionName?: string;
            Address: components["schemas"]["ShipFrom_Address"];
        };
        /** @description Address container for Ship From.  Address Container */
        ShipFrom_Address: {
            /** @description The origin street address including name and number (when applicable).  Length is not validated. */
            AddressLine?: string[];
            /** @description Origin city.  Required if country or territory does not utilize postal codes. Length is not validated. */
            City?: string;
            /**
             * @description Origin state code.  A StateProvinceCode and valid account number are required when requesting negotiated rates. Otherwise the StateProvinceCode is optional.
             *
             *     If the TaxInformationIndicator flag is present in the request, a StateProvinceCode must be entered for tax charges to be accurately calculated in the response.
             */
            StateProvinceCode?: string;
            /** @description Origin postal code.  Required if country or territory utilizes postal codes (e.g. US and PR). */
            PostalCode?: string;
            /** @description Origin country or territory code. Refer to the Supported Country or Territory Tables located in the Appendix.  Required, but defaults to US. */
            CountryCode: string;
        };
        /**
         * @description Alternate Delivery Address container. Applies for deliveries to UPS Access Point™ locations.
         *
         *     Required for the following ShipmentIndicationType values:
         *     - 01 - Hold for Pickup at UPS Access Point™
         *     - 02 - UPS Access Point™ Delivery
         */
        Shipment_AlternateDeliveryAddress: {
            /** @description UPS Access Point location name. */
            Name?: string;
            Address: components["schemas"]["AlternateDeliveryAddress_Address"];
        };
        /** @description Address container for Alternate Delivery Address. */
        AlternateDeliveryAddress_Address: {
            /** @description The UPS Access Point's street address, including name and number (when applicable).  Length is not validated. */
            AddressLine?: string[];
            /** @description UPS Access Point city. */
            City?: string;
            /** @description UPS Access Point State or Province code. */
            StateProvinceCode?: string;
            /** @description UPS Access Point Postal code. */
            PostalCode?: string;
            /** @description UPS Access Point country or territory code. */
            CountryCode: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored.This field is a flag to indicate if the Alternate Delivery location is a residential location. True if ResidentialAddressIndicator tag exists.  For future use. */
            ResidentialAddressIndicator?: string;
            /**
             * @description Presence/Absence Indicator. Any value inside is ignored.
             *
             *     This field is a flag to indicate if the Alternate Delivery location is a PO box location.
             *
             *     True if POBoxIndicator tag exists; false otherwise.  Not valid with Shipment Indication Types:
             *     - 01 - Hold for Pickup at UPS Access Point
             *     - 02 - UPS Access Point™ Delivery
             */
            POBoxIndicator?: string;
        };
        /** @description Container to hold shipment indication type. */
        Shipment_ShipmentIndicationType: {
            /**
             * @description Code for Shipment Indication Type.
             *
             *     Valid values:
             *     - 01 - Hold for Pickup at UPS Access Point
             *     - 02 - UPS Access Point™ Delivery
             */
            Code: string;
            /** @description Description for Shipment Indication Type.  Length is not Validated. */
            Description?: string;
        };
        /** @description Payment details container for detailed shipment charges. The two shipment charges that are available for specification are Transportation charges and Duties and Taxes.  This container is used for Who Pays What functionality. */
        Shipment_PaymentDetails: {
            ShipmentCharge: components["schemas"]["PaymentDetails_ShipmentCharge"][];
            /** @description Split Duty VAT Indicator. The presence indicates the payer specified for Transportation Charges will pay transportation charges and any duties that apply to the shipment. The payer specified for Duties and Taxes will pay the VAT (Value-Added Tax) only.  Empty Tag. The payment method for Transportation charges must be UPS account. The UPS account must be a daily pickup account or an occasional account. */
            SplitDutyVATIndicator?: string;
        };
        /** @description Shipment charge container.  If Duty and Tax charges are applicable to a shipment and a payer is not specified, the default payer of Duty and Tax charges is Bill to Receiver. There will be no default payer of Duty and Tax charges for DDU and DDP service. */
        PaymentDetails_ShipmentCharge: {
            /** @description Values are 01 = Transportation, 02 = Duties and Taxes */
            Type: string;
            BillShipper?: components["schemas"]["ShipmentCharge_BillShipper"];
            BillReceiver?: components["schemas"]["ShipmentCharge_BillReceiver"];
            BillThirdParty?: components["schemas"]["ShipmentCharge_BillThirdParty"];
            /** @description Consignee Billing payment option indicator. The presence indicates consignee billing option is selected. The absence indicates one of the other payment options is selected.  Empty Tag. This element or its sibling element, BillShipper, BillReceiver or BillThirdParty, must be present but no more than one can be present. This billing option is valid for a shipment charge type of Transportation only. Only applies to US/PR and PR/US shipment origins and destination. */
            ConsigneeBilledIndicator?: string;
        };
        /** @description Container for the BillShipper billing option.  This element or its sibling element, BillReceiver, BillThirdParty or ConsigneeBilledIndicator, must be present but no more than one can be present. */
        ShipmentCharge_BillShipper: {
            /** @description UPS account number  Must be the same UPS account number as the one provided in Shipper/ShipperNumber. */
            AccountNumber: string;
        };
        /** @description Container for the BillReceiver billing option.  This element or its sibling element, BillShipper, BillThirdParty or Consignee Billed, must be present but no more than one can be present. For a return shipment, Bill Receiver is invalid for Transportation charges. */
        ShipmentCharge_BillReceiver: {
            /** @description The UPS account number.  The account must be a valid UPS account number that is active. For US, PR and CA accounts, the account must be a daily pickup account, an occasional account, a customer B.I.N account, or a dropper shipper account. All other accounts must be either a daily pickup account, an occasional account, a drop shipper account, or a non-shipping account. */
            AccountNumber: string;
            Address?: components["schemas"]["BillReceiver_Address"];
        };
        /** @description Container for additional information for the bill receiver's UPS accounts address. */
        BillReceiver_Address: {
            /** @description The postal code for the UPS account's pickup address. The pickup postal code was entered in the UPS system when the account was set-up. */
            PostalCode?: string;
        };
        /** @description Container for the third party billing option.  This element or its sibling element, BillShipper, BillReceiver or Consignee Billed, must be present but no more than one can be present. */
        ShipmentCharge_BillThirdParty: {
            /** @description The UPS account number of the third party shipper.  The account must be a valid UPS account number that is active. For US, PR and CA accounts, the account must be either a daily pickup account, an occasional account, or a customer B.I.N account, or a drop shipper account. All other accounts must be either a daily pickup account, an occasional account, a drop shipper account, or a non-shipping account. */
            AccountNumber: string;
            Address: components["schemas"]["BillThirdParty_Address"];
        };
        /** @description Container for additional information for the third party UPS accounts address. */
        BillThirdParty_Address: {
            /** @description The origin street address including name and number (when applicable). */
            AddressLine?: string[];
            /** @description Origin city. */
            City?: string;
            /** @description Origin state code. */
            StateProvinceCode?: string;
            /** @description Origin postal code. The postal code must be the same as the UPS account pickup address postal code. Required for United States and Canadian UPS accounts and/or if the UPS account pickup address has a postal code. If the UPS account's pickup country or territory is US or Puerto Rico, the postal code is 5 or 9 digits. The character '-' may be used to separate the first five digits and the last four digits. If the UPS account's pickup country or territory is CA, the postal code is 6 alphanumeric characters whose format is A#A#A# where A is an uppercase letter and # is a digit. */
            PostalCode?: string;
            /** @description Origin country or territory code. Refer to the Supported Country or Territory Tables located in the Appendix. */
            CountryCode: string;
        };
        /** @description UPS Ground Freight Pricing (GFP) Payment Information container.  Required only for GFP and when the FRSIndicator is present. */
        Shipment_FRSPaymentInformation: {
            Type: components["schemas"]["FRSPaymentInformation_Type"];
            /** @description UPS Account Number. */
            AccountNumber?: string;
            Address?: components["schemas"]["FRSPaymentInformation_Address"];
        };
        /** @description GFP Payment Information Type container.  GFP only. */
        FRSPaymentInformation_Type: {
            /** @description Payer Type code for FRS Rate request. Valid Values are: 01 = Prepaid 02 = FreightCollect 03 = BillThirdParty */
            Code: string;
            /** @description Text description of the code representing the GFP payment type. */
            Description?: string;
        };
        /** @description Payer Address Container.  Address container may be present for FRS Payment Information type = 02 and required when the FRS Payment Information type = 03. */
        FRSPaymentInformation_Address: {
            /** @description Postal Code for UPS accounts billing address.  Postal Code  may be present when the FRS Payment Information type = 02 and type = 03. */
            PostalCode?: string;
            /** @description Country or Territory code for the  UPS accounts & billing address.  Country or Territory Code is required when the FRS Payment Information type = 02 and type= 03. */
            CountryCode: string;
        };
        /** @description Container to hold Freight Shipment information. */
        Shipment_FreightShipmentInformation: {
            FreightDensityInfo?: components["schemas"]["FreightShipmentInformation_FreightDensityInfo"];
            /** @description The presence of the tag indicates that the  rate request is density based.For Density Based Rating (DBR), the customer must have DBR Contract Service. */
            DensityEligibleIndicator?: string;
        };
        /** @description Freight Density Info container.  Required if DensityEligibleIndicator is present. */
        FreightShipmentInformation_FreightDensityInfo: {
            /** @description The presence of the AdjustedHeightIndicator allows UPS to do height reduction adjustment for density based rate request. */
            AdjustedHeightIndicator?: string;
            AdjustedHeight?: components["schemas"]["FreightDensityInfo_AdjustedHeight"];
            HandlingUnits: components["schemas"]["FreightDensityInfo_HandlingUnits"][];
        };
        /** @description Container to hold Adjusted Height information.  Required if AdjustedHeightIndicator is present. */
        FreightDensityInfo_AdjustedHeight: {
            /** @description Adjusted Height value for the handling unit. */
            Value: string;
            UnitOfMeasurement: components["schemas"]["AdjustedHeight_UnitOfMeasurement"];
        };
        /** @description Unit of Measurement container for the Adjusted height. */
        AdjustedHeight_UnitOfMeasurement: {
            /** @description Code associated with Unit of Measurement for the Adjusted height. Valid value is IN  Unit of measurement code for Adjusted height is validated only when Handling unit type is SKD = Skid or PLT = Pallet. */
            Code: string;
            /** @description Description for Code associated with Unit of Measurement for the Adjusted height. */
            Description: string;
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
            /** @description The code associated with Handling Unit Type.  Valid values: SKD = Skid CBY = CarboyPLT = PalletTOT = TotesLOO = LooseOTH = Other */
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
            /** @description Code for UnitOfMeasurement for the line item dimension. Valid value - IN = Inches */
            Code: string;
            /** @description Description for UnitOfMeasurement for the line item dimension. */
            Description: string;
        };
        /** @description UnitOfMeasurement container. */
        Dimensions_UnitOfMeasurement: {
            /**
             * @description Package dimensions unit of measurement code.
             *
             *     Valid values:
             *     - IN
             *     - CM
             */
            Code: string;
            /** @description Text description of the code representing the UnitOfMeasurement associated with the package.  This element is not validated. */
            Description: string;
        };
        /** @description Service Container.  Only valid with RequestOption = Rate for both Small package and GFP Rating requests. */
        Shipment_Service: {
            /**
             * @description The code for the UPS Service associated with the shipment.
             *
             *     NOTE: For a complete listing of values, refer to Service Codes in the Appendix
             *
             *     Valid domestic values:
             *     - 01 = Next Day Air
             *     - 02 = 2nd Day Air
             *     - 03 = Ground
             *     - 12 = 3 Day Select
             *     - 13 = Next Day Air Saver
             *     - 14 = UPS Next Day Air Early
             *     - 59 = 2nd Day Air A.M.
             *     - 75 = UPS Heavy Goods
             *
             *     Valid international values:
             *     - 07 = Worldwide Express
             *     - 08 = Worldwide Expedited
             *     - 11= Standard
             *     - 54 = Worldwide Express Plus
             *     - 65 = Saver
             *     - 96 = UPS Worldwide Express Freight
             *     - 71 = UPS Worldwide Express Freight Midday
             *
             *     Required for Rating and ignored for Shopping.
             */
            Code: string;
            /** @description A text description of the UPS Service associated with the shipment.  Length is not validated. */
            Description?: string;
        };
        /** @description Total number of pieces in all pallets. Required for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday shipments. */
        Shipment_NumOfPieces: string;
        /** @description Shipment Total Weight Container. This container is only applicable for "ratetimeintransit" and "shoptimeintransit" request options.  Required for all international shipments when retreiving time in transit information, including letters and documents shipments. */
        Shipment_ShipmentTotalWeight: {
            UnitOfMeasurement: components["schemas"]["ShipmentTotalWeight_UnitOfMeasurement"];
            /** @description Non-zero total weight of all packages in the shipment. */
            Weight: string;
        };
        /** @description UnitOfMeasurement Container. */
        ShipmentTotalWeight_UnitOfMeasurement: {
            /**
             * @description Code representing the unit of measure associated with the package weight.
             *
             *     Valid values:
             *     - LBS = Pounds
             *     - KGS = Kilograms.
             */
            Code: string;
            /** @description Text description of the code representing the unit of measure associated with the shipment weight. */
            Description: string;
        };
        /** @description Valid values are Document and Non-document. If the indicator is present then the value is Document else Non-Document. Note: Not applicable for FRS rating  requests.  Empty Tag. */
        Shipment_DocumentsOnlyIndicator: string;
        /** @description Package Container.  Only one Package allowed for Simple Rate */
        Shipment_Package: {
            PackagingType?: components["schemas"]["Package_PackagingType"];
            Dimensions?: components["schemas"]["Package_Dimensions"];
            DimWeight?: components["schemas"]["Package_DimWeight"];
            PackageWeight?: components["schemas"]["Package_PackageWeight"];
            Commodity?: components["schemas"]["Package_Commodity"];
            /** @description This element does not require a value and if one is entered it will be ignored.  If present, it indicates the shipment will be categorized as a Large Package. */
            LargePackageIndicator?: string;
            PackageServiceOptions?: components["schemas"]["Package_PackageServiceOptions"];
            /** @description A flag indicating if the packages require additional handling. True if AdditionalHandlingIndicator tag exists; false otherwise. Additional Handling indicator indicates it's a non-corrugated package.  Empty Tag. */
            AdditionalHandlingIndicator?: string;
            SimpleRate?: components["schemas"]["Package_SimpleRate"];
            UPSPremier?: components["schemas"]["Package_UPSPremier"];
            /** @description Presence/Absence Indicator. Any value inside is ignored. It indicates if packge is oversized.  Applicable for UPS Worldwide Economy DDU service */
            OversizeIndicator?: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored. It indicates if packge is qualified for minimum billable weight.  Applicable for UPS Worldwide Economy DDU service */
            MinimumBillableWeightIndicator?: string;
        };
        /** @description Packaging Type Container. */
        Package_PackagingType: {
            /**
             * @description The code for the UPS packaging type associated with the package.  Valid values:
             *     - 00 - UNKNOWN
             *     - 01 - UPS Letter
             *     - 02 - Package
             *     - 03 - Tube
             *     - 04 - Pak
             *     - 21 - Express Box
             *     - 24 - 25KG Box
             *     - 25 - 10KG Box
             *     - 30 - Pallet
             *     - 2a - Small Express Box
             *     - 2b - Medium Express Box
             *     - 2c - Large Express Box.
             *
             *     For FRS rating requests the only valid value is customer supplied packaging “02”.
             */
            Code: string;
            /** @description A text description of the code for the UPS packaging type associated with the shipment.  Length is not validated. */
            Description?: string;
        };
        /** @description Dimensions Container. This container is not applicable for GFP Rating request.  Required for Heavy Goods service. Package Dimension will be ignored for Simple Rate */
        Package_Dimensions: {
            UnitOfMeasurement: components["schemas"]["Dimensions_UnitOfMeasurement"];
            /**
             * @description Length of the package used to determine dimensional weight.  Required for GB to GB and Poland to Poland shipments.
             *
             *     6 digits in length with 2 digits of significance after the decimal point.
             */
            Length: string;
            /**
             * @description Width of the package used to determine dimensional weight.  Required for GB to GB and Poland to Poland shipments.
             *
             *     6 digits in length with 2 digits of significance after the decimal point.
             */
            Width: string;
            /**
             * @description Height of the package used to determine dimensional weight.  Required for GB to GB and Poland to Poland shipments.
             *
             *     6 digits in length with 2 digits of significance after the decimal point.
             */
            Height: string;
        };
        /** @description Package Dimensional Weight container. Values in this container are ignored when package dimensions are provided. Please visit ups.com for instructions on calculating this value.  Only used for non-US/CA/PR shipments. */
        Package_DimWeight: {
            UnitOfMeasurement?: components["schemas"]["DimWeight_UnitOfMeasurement"];
            /** @description Dimensional weight of the package. Decimal values are not accepted, however there is one implied decimal place for values in this field (i.e. 115 = 11.5). */
            Weight?: string;
        };
        /** @description UnitOfMeasurement Container. */
        DimWeight_UnitOfMeasurement: {
            /**
             * @description Code representing the unit of measure associated with the package weight.
             *
             *     Valid values:
             *     - LBS - Pounds
             *     - KGS - Kilograms.
             */
            Code: string;
            /** @description Text description of the code representing the unit of measure associated with the package weight.  Length and value are not validated. */
            Description: string;
        };
        /** @description Package Weight Container.  Required for an GFP Rating request. Otherwise optional. Required for Heavy Goods service.  Package Weight will be ignored for Simple Rate */
        Package_PackageWeight: {
            UnitOfMeasurement: components["schemas"]["PackageWeight_UnitOfMeasurement"];
            /** @description Actual package weight.  Weight accepted for letters/envelopes. */
            Weight: string;
        };
        /** @description UnitOfMeasurement Container. */
        PackageWeight_UnitOfMeasurement: {
            /**
             * @description Code representing the unit of measure associated with the package weight.
             *
             *     Unit of Measurement "OZS" is the only valid UOM for Worldwide Economy DDU Shipments.
             *
             *     Valid values:
             *     - LBS - Pounds (default)
             *     - KGS - Kilograms
             *     - OZS - Ounces
             */
            Code: string;
            /** @description Text description of the code representing the unit of measure associated with the package weight.  Length and value are not validated. */
            Description: string;
        };
        /** @description Commodity Container.  Required only for GFP rating when FRSShipmentIndicator is requested. */
        Package_Commodity: {
            /** @description Freight Classification. Freight class partially determines the freight rate for the article.  See Appendix of the Rating Ground Freight Web Services Developers Guide for list of Freight classes. For GFP Only. */
            FreightClass: string;
            NMFC?: components["schemas"]["Commodity_NMFC"];
        };
        /** @description NMFC Commodity container.  For GFP Only. */
        Commodity_NMFC: {
            /** @description Value of NMFC Prime. Contact your service representative if you need information concerning NMFC Codes.  Required if NMFC Container is present. For GFP Only. */
            PrimeCode: string;
            /** @description Value of NMFC Sub. Contact your service representative if you need information concerning NMFC Codes.  Needs to be provided when the SubCode associated with the PrimeCode is other than 00. API defaults the sub value to 00 if not provided. If provided the Sub Code should be associated with the PrimeCode of the NMFC. */
            SubCode?: string;
        };
        /** @description PackageServiceOptions container. */
        Package_PackageServiceOptions: {
            DeliveryConfirmation?: components["schemas"]["PackageServiceOptions_DeliveryConfirmation"];
            AccessPointCOD?: components["schemas"]["PackageServiceOptions_AccessPointCOD"];
            COD?: components["schemas"]["PackageServiceOptions_COD"];
            DeclaredValue?: components["schemas"]["PackageServiceOptions_DeclaredValue"];
            ShipperDeclaredValue?: components["schemas"]["PackageServiceOptions_ShipperDeclaredValue"];
            /** @description The presence indicates that the package may be released by driver without a signature from the consignee.  Empty Tag. Only available for US50/PR to US50/PR packages without return service. */
            ShipperReleaseIndicator?: string;
            /** @description Any value associated with this element will be ignored. If present, the package is rated for UPS Proactive Response and proactive package tracking.Contractual accessorial for health care companies to allow package monitoring throughout the UPS system.  Shippers account needs to have valid contract for UPS Proactive Response. */
            ProactiveIndicator?: string;
            /** @description Presence/Absence Indicator. Any value is ignored. If present, indicates that the package contains an item that needs refrigeration.  Shippers account needs to have a valid contract for Refrigeration. */
            RefrigerationIndicator?: string;
            Insurance?: components["schemas"]["PackageServiceOptions_Insurance"];
            /**
             * @description The UPSPremiumCareIndicator indicates special handling is required for shipment having controlled substances.  Empty Tag means indicator is present.
             *
             *     Valid only for Canada to Canada movements.
             *
             *     Available for the following Return Services:
             *     - Returns Exchange (available with a contract)
             *     - Print Return Label
             *     - Print and Mail
             *     - Electronic Return Label
             *     - Return Service Three Attempt
             *
             *     May be requested with following UPS services:
             *     - UPS Express® Early
             *     - UPS Express
             *     - UPS Express Saver
             *     - UPS Standard.
             *
             *     Not available for packages with the following:
             *     - Delivery Confirmation - Signature Required
             *     - Delivery Confirmation - Adult Signature Required.
             */
            UPSPremiumCareIndicator?: string;
            HazMat?: components["schemas"]["PackageServiceOptions_HazMat"];
            DryIce?: components["schemas"]["PackageServiceOptions_DryIce"];
        };
        /** @description Delivery Confirmation Container. For a list of valid origin/destination countries or territories please refer to appendix.  DeliveryConfirmation and COD are mutually exclusive. */
        PackageServiceOptions_DeliveryConfirmation: {
            /** @description Type of delivery confirmation.  Valid values: 1 - Unsupported 2 - Delivery Confirmation Signature Required 3 - Delivery Confirmation Adult Signature Required */
            DCISType: string;
        };
        /** @description Access Point COD indicates Package COD is requested for a shipment.  Valid only for : 01 - Hold For Pickup At UPS Access Point, Shipment Indication type. Package Access Point COD is valid only for shipment without return service from US/PR to US/PR and CA to CA. Not valid with (Package) COD. */
        PackageServiceOptions_AccessPointCOD: {
            /** @description Access Point COD Currency Code.  Required if Access Point COD container is present. UPS does not support all international currency codes. Refer to the appendix for a list of valid codes. */
            CurrencyCode: string;
            /**
             * @description Access Point COD Monetary Value.  Required if Access Point COD container is present.
             *
             *     8 digits prior to the decimal place and 2 after.
             */
            MonetaryValue: string;
        };
        /** @description COD Container. Indicates COD is requested.   Valid for the following country or territory combinations: US/PR to US/PRCA to CACA to USNot allowed for CA to US for packages that are designated as Letters or Envelopes. */
        PackageServiceOptions_COD: {
            /** @description Indicates the type of funds that will be used for the C.O.D. payment.  For valid values, refer to Rating and Shipping COD Supported Countries or Territories in the Appendix. */
            CODFundsCode: string;
            CODAmount: components["schemas"]["COD_CODAmount"];
        };
        /** @description CODAmount Container. */
        COD_CODAmount: {
            /** @description Currency Code.  Required if a value for the COD amount exists in the MonetaryValue tag. Must match one of the IATA currency codes. UPS does not support all international currency codes. Refer to Currency Codes in the Appendix for a list of valid codes. */
            CurrencyCode: string;
            /** @description The COD value for the package.  Required if COD option is present. The maximum amount allowed is 50,000 USD. */
            MonetaryValue: string;
        };
        /** @description Declared Value Container. */
        PackageServiceOptions_DeclaredValue: {
            /** @description The IATA currency code associated with the declared value amount for the package.  Required if a value for the package declared value amount exists in the MonetaryValue tag. Must match one of the IATA currency codes. Length is not validated. UPS does not support all international currency codes. Refer to Currency Codes in the Appendix for a list of valid codes. */
            CurrencyCode: string;
            /** @description The monetary value for the declared value amount associated with the package.  Max value of 5,000 USD for Local and 50,000 USD for Remote. Absolute maximum value is 21474836.47 */
            MonetaryValue: string;
        };
        /** @description Shipper Paid Declared Value Charge at Package level.   Valid for UPS World Wide Express Freight shipments. */
        PackageServiceOptions_ShipperDeclaredValue: {
            /** @description The IATA currency code associated with the amount for the package.  UPS does not support all international currency codes. Refer to the appendix for a list of valid codes. */
            CurrencyCode: string;
            /** @description The monetary value for the amount associated with the package. */
            MonetaryValue: string;
        };
        /** @description Insurance Accesorial. Only one type of insurance can exist at a time on the shipment. Valid for UPS World Wide Express Freight shipments. */
        PackageServiceOptions_Insurance: {
            BasicFlexibleParcelIndicator?: components["schemas"]["Insurance_BasicFlexibleParcelIndicator"];
            ExtendedFlexibleParcelIndicator?: components["schemas"]["Insurance_ExtendedFlexibleParcelIndicator"];
            TimeInTransitFlexibleParcelIndicator?: components["schemas"]["Insurance_TimeInTransitFlexibleParcelIndicator"];
            PackageProtection?: components["schemas"]["Insurance_PackageProtection"];
        };
        /** @description Container to hold Basic Flexible Parcel Indicator information.  Valid for UPS World Wide Express Freight shipments. */
        Insurance_BasicFlexibleParcelIndicator: {
            /** @description The IATA currency code associated with the amount for the package.  UPS does not support all international currency codes. Refer to the appendix for a list of valid codes. Valid for UPS World Wide Express Freight shipments. */
            CurrencyCode: string;
            /** @description The monetary value associated with the package.  Valid for UPS World Wide Express Freight shipments. */
            MonetaryValue: string;
        };
        /** @description Container for Extended Flexible Parcel Indicator  Valid for UPS World Wide Express Freight shipments. */
        Insurance_ExtendedFlexibleParcelIndicator: {
            /** @description The IATA currency code associated with the amount for the package.  UPS does not support all international currency codes. Refer to the appendix for a list of valid codes. Valid for UPS World Wide Express Freight shipments. */
            CurrencyCode: string;
            /** @description The monetary value associated with the package.  Valid for UPS World Wide Express Freight shipments. */
            MonetaryValue: string;
        };
        /** @description Container to hold Time In Transit Flexible Parcel Indicator information.  Valid for UPS World Wide Express Freight shipments. */
        Insurance_TimeInTransitFlexibleParcelIndicator: {
            /** @description The IATA currency code associated with the amount for the package.  UPS does not support all international currency codes. Refer to the appendix for a list of valid codes. Valid for UPS World Wide Express Freight shipments. */
            CurrencyCode: string;
            /** @description The monetary value associated with the package.  Valid for UPS World Wide Express Freight shipments. */
            MonetaryValue: string;
        };
        Insurance_PackageProtection: {
            /** @description Required if a value for the package declared value amount exists in the MonetaryValue tag. Must match one of the IATA currency codes. Length is not validated. UPS does not support all international currency codes. Refer to Currency Codes in the Appendix for a list of valid codes. */
            CurrencyCode: string;
            /** @description The monetary value for the PackageProtection amount associated with the package. */
            MonetaryValue: string;
        };
        /** @description Container to hold HazMat information.  Applies only if SubVersion is greater than or equal to 1701. */
        PackageServiceOptions_HazMat: {
            /** @description Identifies the package containing Dangerous Goods.  Required if SubVersion is greater than or equal to 1701. */
            PackageIdentifier?: string;
            /** @description QValue is required when a HazMat shipment specifies AllPackedInOneIndicator and the regulation set for that shipment is IATA.   Applies only if SubVersion is greater than or equal to 1701. Valid values are : 0.1; 0.2; 0.3; 0.4; 0.5; 0.6; 0.7; 0.8; 0.9; 1.0 */
            QValue?: string;
            /** @description Presence/Absence Indicator. Any value is ignored. Presence indicates that shipment is overpack.  Applies only if SubVersion is greater than or equal to 1701. */
            OverPackedIndicator?: string;
            /** @description Presence/Absence Indicator. Any value is ignored. Indicates the hazmat shipment/package is all packed in one.  Applies only if SubVersion is greater than or equal to 1701. */
            AllPackedInOneIndicator?: string;
            HazMatChemicalRecord: components["schemas"]["HazMat_HazMatChemicalRecord"][];
        };
        /** @description Container to hold HazMat Chemical Records. */
        HazMat_HazMatChemicalRecord: {
            /** @description Identifies the Chemcial Record.  Required if SubVersion is greater than or equal to 1701. */
            ChemicalRecordIdentifier?: string;
            /** @description This is the hazard class associated to the specified commodity. Required if CommodityRegulatedLevelCode is 'LQ' or 'FR'  Applies only if SubVersion is greater than or equal to 1701. */
            ClassDivisionNumber?: string;
            /** @description This is the ID number (UN/NA/ID) for the specified commodity. Required if CommodityRegulatedLevelCode = LR, LQ or FR and if the field applies to the material by regulation. UN/NA/ID Identification Number assigned to the specified regulated good. (Include the UN/NA/ID as part of the entry).  Applies only if SubVersion is greater than or equal to 1701. */
            IDNumber?: string;
            /** @description The method of transport by which a shipment is approved to move and the regulations associated with that method.  Only required when the CommodityRegulatedLevelCode is FR or LQ.Valid values: 01 - Highway02 - Ground03 - Passenger Aircraft04 - Cargo Aircraft Only  Applies only if SubVersion is greater than or equal to 1701. For multiple ChemicalRecords per package having different TransportationMode, TransportationMode of first ChemicalRecord would be considered for validating and rating the package. All TransportationMode except for '04' are general service offering. If any chemical record contains '04' as TransportationMode, ShipperNumber needs to be authorized to use '04' as TransportationMode. */
            TransportationMode: string;
            /** @description The Regulatory set associated with every regulated shipment. It must be the same across the shipment. Valid values:   ADR -  For Europe to Europe Ground Movement CFR -  For HazMat regulated by US Dept. of Transportation within the U.S. or ground shipments to Canada, IATA -  For Worldwide Air movement TDG -  For Canada to Canada ground movement or Canada to U.S. standard movement  Applies only if SubVersion is greater than or equal to 1701. For multiple ChemicalRecords per package or multiple packages containing different RegulationSet, RegulationSet of first ChemicalRecord would be considered for validating and rating the entire shipment. */
            RegulationSet: string;
            /** @description 24 Hour Emergency Phone Number of the shipper. Valid values for this field are (0) through (9) with trailing blanks. For numbers within the U.S., the layout is '1', area code, 7-digit number. For all other countries or territories the layout is country or territory code, area code, number.  Applies only if SubVersion is greater than or equal to 1701. */
            EmergencyPhone?: string;
            /** @description The emergency information, contact name and/or contact number, required to be communicated when a call is placed to the EmergencyPhoneNumber. The information is required if there is a value in the EmergencyPhoneNumber field above and the shipment is with a US50 or PR origin and/or destination and the RegulationSet is IATA.  Applies only if SubVersion is greater than or equal to 1701. */
            EmergencyContact?: string;
            /** @description Required if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation. If reportable quantity is met, 'RQ' should be entered.  Applies only if SubVersion is greater than or equal to 1701. */
            ReportableQuantity?: string;
            /** @description Required if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation. Secondary hazardous characteristics of a package. (There can be more than one – separate each with a comma).  Applies only if SubVersion is greater than or equal to 1701. */
            SubRiskClass?: string;
            /** @description This is the packing group category associated to the specified commodity. Required if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation. Must be shown in Roman Numerals.Valid values are:I, II,III,blank.   Applies only if SubVersion is greater than or equal to 1701. */
            PackagingGroupType?: string;
            /** @description Required if CommodityRegulatedLevelCode = LQ or FR. The numerical value of the mass capacity of the regulated good.  Applies only if SubVersion is greater than or equal to 1701. */
            Quantity?: string;
            /** @description Required if CommodityRegulatedLevelCode = LQ or FR. The unit of measure used for the mass capacity of the regulated good. For Example: ml, L, g, mg, kg, cylinder, pound, pint, quart, gallon, ounce etc.  Applies only if SubVersion is greater than or equal to 1701. */
            UOM?: string;
            /** @description The packing instructions related to the chemical record. Required if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation.  Applies only if SubVersion is greater than or equal to 1701. */
            PackagingInstructionCode?: string;
            /** @description The Proper Shipping Name assigned by ADR, CFR or IATA. Required if CommodityRegulatedLevelCode = LR, LQ or FR.  Applies only if SubVersion is greater than or equal to 1701. */
            ProperShippingName?: string;
            /** @description The technical name (when required) for the specified commodity. Required if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation.  Applies only if SubVersion is greater than or equal to 1701. */
            TechnicalName?: string;
            /**
             * @description Additional remarks or special provision information. Required if CommodityRegulatedLevelCode = LQ or FR and if the field applies to the material by regulation.
             *
             *     Additional information that may be required by regulation about a hazardous material, such as, "Limited Quantity", DOT-SP numbers, EX numbers.  Applies only if SubVersion is greater than or equal to 1701.
             */
            AdditionalDescription?: string;
            /** @description The package type code identifying the type of packaging used for the commodity. (Ex: Fiberboard Box). Required if CommodityRegulatedLevelCode = LQ or FR.   Applies only if SubVersion is greater than or equal to 1701. */
            PackagingType?: string;
            /** @description Defines the type of label that is required on the package for the commodity. Not applicable if CommodityRegulatedLevelCode = LR or EQ.  Applies only if SubVersion is greater than or equal to 1701. */
            HazardLabelRequired?: string;
            /** @description The number of pieces of the specific commodity. Required if CommodityRegulatedLevelCode = LQ or FR.Valid values are 1 to 999.  Applies only if SubVersion is greater than or equal to 1701. */
            PackagingTypeQuantity?: string;
            /** @description Indicates the type of commodity - Fully Regulated (FR), Limited Quantity (LQ), Excepted Quantity (EQ), Lightly Regulated (LR). Default value is FR.Valid values are LR, FR, LQ, EQ.   Applies only if SubVersion is greater than or equal to 1701. */
            CommodityRegulatedLevelCode?: string;
            /** @description Transport Category.Valid values are 0 to 4.  Applies only if SubVersion is greater than or equal to 1701. */
            TransportCategory?: string;
            /** @description Defines what is restricted to pass through a tunnel.  Applies only if SubVersion is greater than or equal to 1701. */
            TunnelRestrictionCode?: string;
        };
        /** @description Container to hold Dry Ice information.  Lane check will happen based on postal code/ city. */
        PackageServiceOptions_DryIce: {
            /** @description Regulation set for DryIce Shipment. Valid values: CFR = For HazMat regulated by US Dept of Transportation within the U.S. or ground shipments to Canada, IATA = For Worldwide Air movement, ADR = For EMEA Ground movement on Standard service.   The following values are valid: CFR, IATA and ADR. */
            RegulationSet: string;
            DryIceWeight: components["schemas"]["DryIce_DryIceWeight"];
            /** @description Presence/Absence Indicator. Any value inside is ignored. Relevant only in CFR regulation set. If present it is used to designate the Dry Ice is for any medical use and rates are adjusted for DryIce weight more than 2.5 KGS or 5.5 LBS. */
            MedicalUseIndicator?: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored. Indicates a Dry Ice audit will be performed per the Regulation Set requirements. Empty tag means indicator is present. */
            AuditRequired?: string;
        };
        /** @description Container for Weight information for Dry Ice. */
        DryIce_DryIceWeight: {
            UnitOfMeasurement: components["schemas"]["DryIceWeight_UnitOfMeasurement"];
            /** @description Weight for Dry Ice. Cannot be more than package weight. Should be more than 0.0. Valid characters are 0-9 and "." (Decimal point). Limit to 1 digit after the decimal. The maximum length of the field is 5 including "." and can hold up to 1 decimal place. */
            Weight: string;
        };
        /** @description Container for Unit Of Measurement for Dry Ice. */
        DryIceWeight_UnitOfMeasurement: {
            /**
             * @description DryIce weight unit of measurement code. Valid values:
             *     - 00 - KG (Metric Unit of Measurements) or KGS
             *     - 01 - LB (English Unit of Measurements) or LBS
             */
            Code: string;
            /** @description Text description of the code representing the unit of measure associated with the package. */
            Description: string;
        };
        /** @description SimpleRate Container */
        Package_SimpleRate: {
            /** @description Simple Rate Package Size Valid values: XS -  Extra Small S -  Small M -  Medium L - Large XL - Extra Large */
            Code: string;
            /** @description Simple Rate Package Size Description */
            Description?: string;
        };
        /** @description UPS Premier */
        Package_UPSPremier: {
            /** @description UPS Premier Category  Valid values are 01,02,03 UPS Premier Silver - 01 UPS Premier Gold - 02 UPS Premier Platinum - 03 */
            Category: string;
        };
        /** @description Shipment level Accessorials are included in this container. */
        Shipment_ShipmentServiceOptions: {
            /** @description A flag indicating if the shipment requires a GlobalCheckoutIndicator. True if GlobalCheckoutIndicator tag exists; false otherwise  Empty Tag. */
            GlobalCheckoutIndicator?: string;
            /** @description A flag indicating if the shipment requires a Saturday pickup. True if SaturdayPickupIndicator tag exists; false otherwise. Not available for GFP rating requests.  Empty Tag. */
            SaturdayPickupIndicator?: string;
            /** @description A flag indicating if a shipment must be delivered on a Saturday. True if SaturdayDeliveryIndicator tag exists; false otherwise  Empty Tag. */
            SaturdayDeliveryIndicator?: string;
            /** @description A flag indicating if a shipment must be delivered on a Sunday. True if SundayDeliveryIndicator tag exists; false otherwise  Empty Tag. */
            SundayDeliveryIndicator?: string;
            /** @description If we need diferent available services in response, this option is used for shop request option. SaturdayDeliveryIndicator/ SundayDeliveryIndicator will be ignored in that case.  Valid Values:1- Weekday+Saturday services2- Weekday+Sunday services3- Weekday+Sat services+Sun services */
            AvailableServicesOption?: string;
            AccessPointCOD?: components["schemas"]["ShipmentServiceOptions_AccessPointCOD"];
            /**
             * @description Presence/Absence Indicator. Any value inside is ignored.
             *
             *     DeliverToAddresseeOnlyIndicator is shipper specified restriction that requires the addressee to be the one who takes final delivery of the "Hold For PickUp at UPS Access Point" package.
             *
             *     Presence of indicator means shipper restriction will apply to the shipment.  Only valid for Shipment Indication type "01 - Hold For PickUp at UPS Access Point".
             */
            DeliverToAddresseeOnlyIndicator?: string;
            /**
             * @description Presence/Absence Indicator. Any value inside is ignored. Direct Delivery Only (DDO) accessorial in a request would ensure that delivery is made only to the Ship To address on the shipping label.  This accessorial is not valid with Shipment Indication Types:
             *     - 01 - Hold For Pickup At UPS Access Point
             *     - 02 - UPS Access Point™ Delivery
             */
            DirectDeliveryOnlyIndicator?: string;
            COD?: components["schemas"]["ShipmentServiceOptions_COD"];
            DeliveryConfirmation?: components["schemas"]["ShipmentServiceOptions_DeliveryConfirmation"];
            /** @description Return of Documents Indicator - If the flag is present, the shipper has requested the ReturnOfDocument accessorial be added to the shipment  Valid for Poland to Poland shipment. */
            ReturnOfDocumentIndicator?: string;
            /** @description UPS carbon neutral indicator. Indicates the shipment will be rated as carbon neutral. */
            UPScarbonneutralIndicator?: string;
            /** @description The empty tag in request indicates that customer would be using UPS prepared SED form.  Valid for UPS World Wide Express Freight shipments. */
            CertificateOfOriginIndicator?: string;
            PickupOptions?: components["schemas"]["ShipmentServiceOptions_PickupOptions"];
            DeliveryOptions?: components["schemas"]["ShipmentServiceOptions_DeliveryOptions"];
            RestrictedArticles?: components["schemas"]["ShipmentServiceOptions_RestrictedArticles"];
            /** @description The empty tag in request indicates that customer would be using UPS prepared SED form.  Valid for UPS World Wide Express Freight shipments. */
            ShipperExportDeclarationIndicator?: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored. CommercialInvoiceRemovalIndicator - empty tag means indicator is present. CommercialInvoiceRemovalIndicator allows a shipper to dictate that UPS remove the Commercial Invoice from the user's shipment before the shipment is delivered to the ultimate consignee. */
            CommercialInvoiceRemovalIndicator?: string;
            ImportControl?: components["schemas"]["ShipmentServiceOptions_ImportControl"];
            ReturnService?: components["schemas"]["ShipmentServiceOptions_ReturnService"];
            /** @description Empty Tag means the indicator is present. This field is a flag to indicate if the receiver needs SDL rates in response. True if SDLShipmentIndicator tag exists; false otherwise.  If present, the State Department License (SDL) rates will be returned in the response.This service requires that the account number is enabled for SDL. */
            SDLShipmentIndicator?: string;
            /**
             * @description For valid values, refer to Rating and Shipping COD Supported Countries or Territories in the Appendix.Presence/Absence Indicator. Any value inside is ignored. This field is a flag to indicate Package Release Code is requested for shipment.
             *
             *     This accessorial is only valid with ShipmentIndicationType '01' - Hold for Pickup at UPS Access Point™.
             */
            EPRAIndicator?: string;
            /**
             * @description Inside Delivery accessory. Valid values:
             *     - 01 - White Glove
             *     - 02 - Room of Choice
             *     - 03 - Installation  Shippers account needs to have a valid contract for Heavy Goods Service.
             */
            InsideDelivery?: string;
            /** @description Presence/Absence Indicator. Any value inside is ignored. If present, indicates that the customer would like items disposed.   Shippers account needs to have a valid contract for Heavy Goods Service. */
            ItemDisposalIndicator?: string;
        };
        /**
         * @description Access Point COD indicates Shipment level Access Point COD is requested for a shipment.  Valid only for "01 - Hold For Pickup At UPS Access Point" Shipment Indication type.
         *
         *     Shipment Access Point COD is valid only for countries or territories within E.U.
         *
         *     Not valid with (Shipment) COD.
         *
         *     Not available to shipment with return service.
         */
        ShipmentServiceOptions_AccessPointCOD: {
            /** @description Access Point COD Currency Code.  Required if Access Point COD container is present. UPS does not support all international currency codes. Refer to the appendix for a list of valid codes. */
            CurrencyCode: string;
            /**
             * @description Access Point COD Monetary Value.  Required if Access Point COD container is present.
             *
             *     8 digits prior to the decimal place and 2 after.
             */
            MonetaryValue: string;
        };
        /** @description If present, indicates C.O.D. is requested for the shipment.  Shipment level C.O.D. is only available for EU origin countries or territories.C.O.D. shipments are only available for Shippers with Daily Pickup and Drop Shipping accounts. */
        ShipmentServiceOptions_COD: {
            /** @description For valid values, refer to Rating and Shipping COD Supported Countries or Territories in the Appendix. */
            CODFundsCode: string;
            CODAmount: components["schemas"]["ShipmentServiceOptions_COD_CODAmount"];
        };
        /** @description CODAmount Container.  UPS does not support all international currency codes. Refer to the appendix for a list of valid codes. */
        ShipmentServiceOptions_COD_CODAmount: {
            /** @description COD amount currency code type. */
            CurrencyCode: string;
            /** @description COD Amount. */
            MonetaryValue: string;
        };
        /** @description Delivery Confirmation Container.  DeliveryConfirmation and C.O.D. are mutually exclusive. Refer to the Appendix for a list of valid origin-destination country or territory pairs associated with each confirmation type. */
        ShipmentServiceOptions_DeliveryConfirmation: {
            /** @description Type of delivery confirmation.  Valid values: 1 - Delivery Confirmation Signature Required 2 - Delivery Confirmation Adult Signature Required */
            DCISType: string;
        };
        /** @description Shipment Service Pickup Options Container.  Valid for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday shipments. */
        ShipmentServiceOptions_PickupOptions: {
            /** @description The presence of the tag LiftGatePickupRequiredIndicator indicates that the shipment requires a lift gate for pickup. */
            LiftGateAtPickupIndicator?: string;
            /** @description The presence of the tag HoldForPickupIndicator indicates that the user opted to hold the shipment at UPS location for pickup. */
            HoldForPickupIndicator?: string;
        };
        /** @description Shipment Service Delivery Options Container.  Valid for UPS Worldwide Express Freight and UPS Worldwide Express Freight Midday shipments. */
        ShipmentServiceOptions_DeliveryOptions: {
            /** @description The presence of the tag LiftGateAtDeliveryIndicator indicates that the shipment requires a lift gate for delivery. */
            LiftGateAtDeliveryIndicator?: string;
            /** @description The presence of the tag DropOffAtUPSFacilityIndicator indicates the package will be dropped at a UPS facility for shipment. */
            DropOffAtUPSFacilityIndicator?: string;
        };
        /** @description Restricted Articles container.  Valid for UPS World Wide Express Freight shipments. */
        ShipmentServiceOptions_RestrictedArticles: {
            /** @description This field is a flag to indicate if the package has Alcohol. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. */
            AlcoholicBeveragesIndicator?: string;
            /** @description This field is a flag to indicate if the package has Biological substances. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. Lane check will happen based on postal code/ city. */
            DiagnosticSpecimensIndicator?: string;
            /** @description This field is a flag to indicate if the package has Perishables. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. */
            PerishablesIndicator?: string;
            /** @description This field is a flag to indicate if the package has Plants. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. */
            PlantsIndicator?: string;
            /** @description This field is a flag to indicate if the package has Seeds. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. */
            SeedsIndicator?: string;
            /** @description This field is a flag to indicate if the package has Special Exceptions Restricted Materials. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. */
            SpecialExceptionsIndicator?: string;
            /** @description This field is a flag to indicate if the package has Tobacco. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. */
            TobaccoIndicator?: string;
            /** @description This field is a flag to indicate if the package has E-Cigarettes. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. */
            ECigarettesIndicator?: string;
            /** @description This field is a flag to indicate if the package has Hemp/CBD. True if present; false otherwise.  Valid for UPS World Wide Express Freight shipments. */
            HempCBDIndicator?: string;
        };
        /** @description Container for type of Import Control shipments. */
        ShipmentServiceOptions_ImportControl: {
            /** @description Code for type of Import Control shipment. Valid values are: ImportControl One-Attempt '03' = ImportControl Three-Attempt'04' = ImportControl Electronic Label '05' = ImportControl Print Label. */
            Code: string;
            /** @description Text description of the code representing the Import Control associated with the shipment. */
            Description?: string;
        };
        /** @description Container for type of Return Services. */
        ShipmentServiceOptions_ReturnService: {
            /** @description Code for type of Return shipment. Valid values are:'3' =UPS One-Attempt Return Label'5' = UPS Three Attempt Return Label'8' = UPS Electronic Return Label'9' = UPS Print Return Label'10' = UPS Exchange Print Return Label                            '11' = UPS Pack & Collect Service 1-Attempt Box 1 '12' = UPS Pack & Collect Service 1-Attempt Box 2 '13' = UPS Pack & Collect Service 1-Attempt Box 3 '14' = UPS Pack & Collect Service 1-Attempt Box 4 '15' = UPS Pack & Collect Service 1-Attempt Box 5 '16' = UPS Pack & Collect Service 3-Attempt Box 1 '17' = UPS Pack & Collect Service 3-Attempt Box 2 '18' = UPS Pack & Collect Service 3-Attempt Box 3 '19' = UPS Pack & Collect Service 3-Attempt Box 4 '20' = UPS Pack & Collect Service 3-Attempt Box 5  10 = UPS Exchange Print Return Label and 5 = UPS Three Attempt Return Label are not valid for UPS WorldWide Express Freight and UPS Worldwide Express Freight Midday Services. 3 = UPS One-Attempt Return Label is not valid return service with UPS Premium Care accessorial. */
            Code: string;
            /** @description Description for type of Return Service. */
            Description?: string;
        };
        /** @description Shipment Rating Options container. */
        Shipment_ShipmentRatingOptions: {
            /** @description NegotiatedRatesIndicator -  Required to display two types of discounts: 1) Bids or Account Based Rates2) Web/Promotional Discounts BidsAccount Based Rates: If the indicator is present, the Shipper is authorized, and the Rating API XML Request is configured to return Negotiated Rates, then Negotiated Rates should be returned in the response. Web/Promotional Discounts: If the indicator is present, the Shipper is authorized for Web/Promotional Discounts then Negotiated Rates should be returned in the response. */
            NegotiatedRatesIndicator?: string;
            /** @description FRS Indicator. The indicator is required to obtain rates for UPS Ground Freight Pricing (GFP).  The account number must be enabled for GFP. */
            FRSShipmentIndicator?: string;
            /** @description RateChartIndicator -  If present in a request, the response will contain a RateChart element. */
            RateChartIndicator?: string;
            /** @description UserLevelDiscountIndicator - required to obtain rates for User Level Promotions.  This is required to obtain User Level Discounts. There must also be no ShipperNumber in the Shipper container. */
            UserLevelDiscountIndicator?: string;
            /** @description This indicator applies for a third party (3P) / Freight collect (FC) shipment only. For 3P/FC shipment if the shipper wishes to request for the negotiated rates of the third party then this indicator should be included in the request. If authorized the 3P/FC negotiated rates will be applied to the shipment and rates will be returned in response. */
            TPFCNegotiatedRatesIndicator?: string;
        };
        /** @description Container to hold InvoiceLineTotal Information.  Required if the shipment is from US/PR Outbound to non US/PR destination with the PackagingType of UPS PAK(04).Required for international shipments when using request option "ratetimeintransit" or "shoptimeintransit". */
        Shipment_InvoiceLineTotal: {
            /** @description Invoice Line Total Currency type. The Currency code should match the origin country's or territory's currency code, otherwise the currency code entered will be ignored.  Note: UPS doesn't support all international currency codes. Please check the developer guides for Supported Currency codes. */
            CurrencyCode: string;
            /** @description Total amount of the invoice accompanying the shipment. Required when the InvoiceLineTotal container exists in the rate request.  Valid values are from 1 to 99999999. */
            MonetaryValue: string;
        };
        /** @description PromotionalDiscountInformation container. This container contains discount information that the customer wants to request each time while placing a shipment. */
        Shipment_PromotionalDiscountInformation: {
            /** @description Promotion Code. A discount that is applied to the user.  Required if PromotionalDiscountInformation container is present. */
            PromoCode: string;
            /** @description Promotion Alias code  Required if PromotionalDiscountInformation container is present. */
            PromoAliasCode: string;
        };
        /** @description Container for requesting Time In Transit Information. Required to view time in transit information.  Required to view any time in transit information. */
        Shipment_DeliveryTimeInformation: {
            /**
             * @description Valid values are:
             *     - 02 - Document only
             *     - 03 - Non-Document
             *     - 04 - WWEF Pallet
             *     - 07 - Domestic Pallet
             *
             *     If 04 is included, Worldwide Express Freight and UPS Worldwide Express Freight Midday services (if applicable) will be included in the response.
             */
            PackageBillType: string;
            Pickup?: components["schemas"]["DeliveryTimeInformation_Pickup"];
            ReturnContractServices?: components["schemas"]["DeliveryTimeInformation_ReturnContractServices"][];
        };
        /** @description Pickup container. */
        DeliveryTimeInformation_Pickup: {
            /** @description Shipment Date; The Pickup date is a Shipment Date and it is a required input field.  The user is allowed to query up to 35 days into the past and 60 days into the future. Format: YYYYMMDD  If a date is not provided, it will be defaulted to the current system date. */
            Date: string;
            /** @description Reflects the time the package is tendered to UPS for shipping (can be dropped off at UPS or picked up by UPS).  Military Time Format HHMMSS or HHMM.   Invalid pickup time will not be validated. */
            Time?: string;
        };
        /** @description Return contract services container */
        DeliveryTimeInformation_ReturnContractServices: {
            /** @description Return contract Service code. Valid Code "01" - Heavy Goods. If 01 will return Heavy Goods service transit times for a given origin and destination (if applicable)  Invalid Code will be ignore. */
            Code: string;
            /** @description Return contract service Description */
            Description?: string;
        };
        /** @description Rate Response Container. */
        RateResponse: {
            Response: components["schemas"]["RateResponse_Response"];
            /**
             * @description RatedShipment Container.
             *
             *     **NOTE:** For versions >= v2409, this element will always be returned as an array. For requests using versions < v2409, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            RatedShipment: components["schemas"]["RateResponse_RatedShipment"][];
        };
        /** @description Response Container. */
        RateResponse_Response: {
            ResponseStatus: components["schemas"]["Response_ResponseStatus"];
            /**
             * @description Alert Container.  There can be zero to many alert containers with code and description.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            Alert?: components["schemas"]["Response_Alert"][];
            /**
             * @description Alert Detail Container. Currently applies to and returned only for request containing HazMat and SubVersion greater than or equal to 1701.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            AlertDetail?: components["schemas"]["Response_AlertDetail"][];
            TransactionReference?: components["schemas"]["Response_TransactionReference"];
        };
        /** @description Response Status Container. */
        Response_ResponseStatus: {
            /** @description Identifies the success or failure of the transaction.   1 = Successful */
            Code: string;
            /** @description Describes Response Status Code.  Returns text of "Success" for a valid request. */
            Description: string;
        };
        /** @description Alert container. There can be zero to many alert containers with code and description. */
        Response_Alert: {
            /** @description Warning code returned by the system. */
            Code: string;
            /** @description Warning messages returned by the system. */
            Description: string;
        };
        Response_AlertDetail: {
            /** @description Warning code returned by the system. */
            Code: string;
            /** @description Warning messages returned by the system. */
            Description: string;
            ElementLevelInformation?: components["schemas"]["AlertDetail_ElementLevelInformation"];
        };
        /** @description Provides more information about the element that represents the alert. */
        AlertDetail_ElementLevelInformation: {
            /**
             * @description Define type of element in request. Possible values are -
             *     - 'H' for the header details level,
             *     - 'S' for the shipment level,
             *     - 'P' for the package level,
             *     - 'C' for the commodity level.
             */
            Level: string;
            /**
             * @description Contains more information about the type of element. Returned if Level is 'P' or 'C'.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ElementIdentifier?: components["schemas"]["ElementLevelInformation_ElementIdentifier"][];
        };
        ElementLevelInformation_ElementIdentifier: {
            /** @description Represents the type of element. Possible values are 'P' and 'C'. */
            Code: string;
            /** @description Represents the value of element. */
            Value: string;
        };
        /** @description Transaction Reference Container. */
        Response_TransactionReference: {
            /** @description The CustomerContext Information which will be echoed during response. */
            CustomerContext?: string;
        };
        RateResponse_RatedShipment: {
            /**
             * @description Disclaimer is used to provide more information to the shipper regarding the processed shipment. It is used to notify the shipper about possible taxes and duties that might have been added or might apply to the shipment. Refer to the Appendix for various disclaimers. This field may be returned only if TaxInformationIndicator is present in the request.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            Disclaimer?: components["schemas"]["RatedShipment_Disclaimer"][];
            Service: components["schemas"]["RatedShipment_Service"];
            /**
             * @description Rate Type with which Shipment is rated. Possible RateChart values for different regions will be:
             *
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
             *     - 3 and 4 do not apply
             */
            RateChart?: string;
            /** @description The Zone field will be returned in the Rate API response only when the latest subversion 2409 or greater */
            Zone?: string;
            /**
             * @description Rated Shipment Alert container. There can be zero to many RatedShipmentAlert containers with code and description.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            RatedShipmentAlert?: components["schemas"]["RatedShipment_RatedShipmentAlert"][];
            /** @description Indicates whether the billable weight calculation method is utilized at the package or shipment level.  This information will be returned only if RatingMethodRequestedIndicator is present in the request.  Possible values:01 = Shipment Billable Weight02 = Package Billable Weight */
            BillableWeightCalculationMethod?: string;
            /** @description Indicates whether the Shipment was rated at the shipment-level or the package-level. This information will be returned only if RatingMethodRequestedIndicator is present in the request.  Possible values:01 = Shipment level02 = Package level */
            RatingMethod?: string;
            BillingWeight: components["schemas"]["RatedShipment_BillingWeight"];
            TransportationCharges: components["schemas"]["RatedShipment_TransportationCharges"];
            BaseServiceCharge?: components["schemas"]["RatedShipment_BaseServiceCharge"];
            /**
             * @description Itemized Charges are returned only when the subversion element is present and greater than or equal to '1601'. These charges would be returned only when subversion is greater than or equal to 1601.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ItemizedCharges?: components["schemas"]["RatedShipment_ItemizedCharges"][];
            FRSShipmentData?: components["schemas"]["RatedShipment_FRSShipmentData"];
            ServiceOptionsCharges: components["schemas"]["RatedShipment_ServiceOptionsCharges"];
            /**
             * @description TaxCharges container are returned only when TaxInformationIndicator is present in request and when Negotiated Rates are not applicable. TaxCharges container contains Tax information for a given shipment.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            TaxCharges?: components["schemas"]["RatedShipment_TaxCharges"][];
            TotalCharges: components["schemas"]["RatedShipment_TotalCharges"];
            TotalChargesWithTaxes?: components["schemas"]["RatedShipment_TotalChargesWithTaxes"];
            NegotiatedRateCharges?: components["schemas"]["RatedShipment_NegotiatedRateCharges"];
            /**
             * @description Rated Package Container.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            RatedPackage: components["schemas"]["RatedShipment_RatedPackage"][];
            TimeInTransit?: components["schemas"]["RatedShipment_TimeInTransit"];
            GuaranteedDelivery?: components["schemas"]["RatedShipment_GuaranteedDelivery"];
            /** @description Informational only */
            RoarRatedIndicator?: string;
        };
        RatedShipment_Disclaimer: {
            /** @description Code representing type of Disclaimer. Refer to the Appendix for possible code values. */
            Code: string;
            /** @description Disclaimer description. Please refer to Appendix for possible descriptions. */
            Description: string;
        };
        /** @description Service Container. */
        RatedShipment_Service: {
            /** @description The UPS service code. */
            Code: string;
            /** @description The UPS service Description. */
            Description?: string;
        };
        RatedShipment_RatedShipmentAlert: {
            /** @description The rated shipments warning code returned by the system. */
            Code: string;
            /** @description The rated shipment warning Description returned by the system. */
            Description: string;
        };
        /** @description Billing Weight Container. */
        RatedShipment_BillingWeight: {
            UnitOfMeasurement: components["schemas"]["BillingWeight_UnitOfMeasurement"];
            /** @description The value for the billable weight associated with the shipment.  When using a negotiated divisor different from the published UPS divisor (139 for inches and 5,000 for cm), the weight returned is based on the published divisor. Rates, however, are based on the negotiated divisor. */
            Weight: string;
        };
        /** @description Unit Of Measurement Container. */
        BillingWeight_UnitOfMeasurement: {
            /** @description The code associated with the unit of measure for the billable weight of a shipment. Possible values are KGS or LBS. */
            Code: string;
            /** @description The description for the billable weight associated with the shipment. */
            Description: string;
        };
        /** @description Transportation Charges Container. */
        RatedShipment_TransportationCharges: {
            /** @description The IATA currency code associated with the transportation costs for the shipment. */
            CurrencyCode: string;
            /** @description The value for the transportation costs associated with the shipment. */
            MonetaryValue: string;
        };
        /** @description Base Service Charge Container.  These charges would be returned only when subversion is greater than or equal to 1701 */
        RatedShipment_BaseServiceCharge: {
            /** @description The IATA currency code associated with the base service charge costs for the shipment. */
            CurrencyCode: string;
            /** @description The base value of the specific service for the shipment. This is equal to transportation charges - fuel surcharges. */
            MonetaryValue: string;
        };
        RatedShipment_ItemizedCharges: {
            /** @description Identification code for itemized charge. */
            Code: string;
            /** @description Description of Itemized Charge that had been charged. */
            Description?: string;
            /** @description The IATA currency code associated with the Itemized Charge costs for the shipment. */
            CurrencyCode: string;
            /** @description The value for Itemized Charge costs associated with the shipment. */
            MonetaryValue: string;
            /** @description The sub-type of Itemized Charge type. */
            SubType?: string;
        };
        /** @description FRSShipmentData container.  Only returned when the FRSShipmentIIndicator is used. UPS Ground Freight Pricing Only. */
        RatedShipment_FRSShipmentData: {
            TransportationCharges: components["schemas"]["FRSShipmentData_TransportationCharges"];
            FreightDensityRate?: components["schemas"]["FRSShipmentData_FreightDensityRate"];
            /**
             * @description Handling Unit for Density based rating container.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            HandlingUnits?: components["schemas"]["FRSShipmentData_HandlingUnits"][];
        };
        /** @description Transportation Charges Container */
        FRSShipmentData_TransportationCharges: {
            GrossCharge: components["schemas"]["TransportationCharges_GrossCharge"];
            DiscountAmount: components["schemas"]["TransportationCharges_DiscountAmount"];
            /** @description Discount Percentage */
            DiscountPercentage: string;
            NetCharge: components["schemas"]["TransportationCharges_NetCharge"];
        };
        /** @description Gross Transportation Charges Container */
        TransportationCharges_GrossCharge: {
            /** @description The IATA currency code associated with the transportation costs for the shipment. */
            CurrencyCode: string;
            /** @description Total charges Monetary value. Valid values are from 0 to 9999999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Discount Container */
        TransportationCharges_DiscountAmount: {
            /** @description The IATA currency code associated with the transportation costs for the shipment. */
            CurrencyCode: string;
            /** @description Total charges Monetary value. Valid values are from 0 to 9999999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Net Transportation Rate Container */
        TransportationCharges_NetCharge: {
            /** @description The IATA currency code associated with the transportation costs for the shipment. */
            CurrencyCode: string;
            /** @description Total charges Monetary value. Valid values are from 0 to 9999999999999999.99 */
            MonetaryValue: string;
        };
        /** @description FreightDensityRate container for Density based rating. */
        FRSShipmentData_FreightDensityRate: {
            /** @description Density is returned if the Shipper is eligible for Density based rate. Valid values:0 to 999.9 */
            Density: string;
            /** @description TotalCubic feet is returned if the Shipper is eligible for Density based rate. Valid values:0 to 99999.999 */
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
            /** @description Adjusted Height value for the handling unit.  Adjusted Height is done only when Handling unit type is SKD = Skid or PLT = Pallet. */
            Value: string;
            UnitOfMeasurement: components["schemas"]["AdjustedHeight_UnitOfMeasurement"];
        };
        /** @description Base Service Charge Container.  These charges would be returned only when subversion is greater than or equal to 1701 */
        RatedPackage_BaseServiceCharge: {
            /** @description The IATA currency code associated with the base service charge costs for the shipment. */
            CurrencyCode: string;
            /** @description The base value of the specific service for the shipment. This is equal to transportation charges - fuel surcharges. */
            MonetaryValue: string;
        };
        /** @description Service Options Charges Container. */
        RatedShipment_ServiceOptionsCharges: {
            /** @description The IATA currency code associated with the accessorial charges for the shipment. */
            CurrencyCode: string;
            /** @description The value for the accessorial charges associated with the shipment. */
            MonetaryValue: string;
        };
        RatedShipment_TaxCharges: {
            /** @description Tax Type code. The code represents the type of Tax applied to a shipment. Please refer to Appendix I for possible Tax Type codes. */
            Type: string;
            /** @description Tax Monetary Value represent the Tax amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Total Charges Container. */
        RatedShipment_TotalCharges: {
            /** @description The IATA currency code associated with the total charges for the shipment. */
            CurrencyCode: string;
            /** @description The value for the total charges associated with the shipment. */
            MonetaryValue: string;
        };
        /** @description TotalChargesWithTaxes container would be returned only if TaxInformationIndicator is present in request and when Negotiated Rates are not applicable. TotalChargesWithTaxes contains total charges including total taxes applied to a shipment. */
        RatedShipment_TotalChargesWithTaxes: {
            /** @description TotalChargesWithTaxes currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description TotalChargesWithTaxes monetary value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Negotiated Rate Charges Container.  For tiered rates and promotional discounts, if a particular shipment based on zone, origin, destination or even shipment size doesn't qualify for the existing discount then no negotiated rates container will be returned. Published rates will be the applicable rate. */
        RatedShipment_NegotiatedRateCharges: {
            /** @description Negotiated base service charge container.These charges would be returned only when subversion is greater than or equal to 2201. */
            BaseServiceCharge?: components["schemas"]["NegotiatedRateCharges_BaseServiceCharge"][];
            /**
             * @description RateModifier inside Negotiated charges container to hold Modifier charges at package level
             *
             *     **Note:** Applies only if SubVersion is 2407 and greater (Rate OAuth)
             */
            RateModifier?: components["schemas"]["NegotiatedRateCharges_RateModifier"][];
            /**
             * @description Itemized Charges are returned only when the subversion element is present and greater than or equal to '1601'.  These charges would be returned only when subversion is greater than or equal to 1601.
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
            TotalCharge: components["schemas"]["NegotiatedRateCharges_TotalCharge"];
            TotalChargesWithTaxes?: components["schemas"]["NegotiatedRateCharges_TotalChargesWithTaxes"];
        };
        NegotiatedRateCharges_BaseServiceCharge: {
            /** @description The IATA currency code associated with the base service Charge. */
            CurrencyCode: string;
            /** @description The value for base service charge. */
            MonetaryValue: string;
        };
        NegotiatedRateCharges_RateModifier: {
            /** @description Rate Modifier Type. Example- "ORM". */
            ModifierType: string;
            /** @description Rate Modifier Description. Example- "Origin Modifier". */
            ModifierDesc: string;
            /** @description Amount. Example- "-1.00","0.25" It contains positive or negative values. */
            Amount: string;
        };
        NegotiatedRateCharges_ItemizedCharges: {
            /** @description Identification code for itemized charge. */
            Code: string;
            /** @description Description of Itemized Charge that had been charged. */
            Description?: string;
            /** @description The IATA currency code associated with the Itemized Charge costs for the shipment. */
            CurrencyCode: string;
            /** @description The value for Itemized Charge costs associated with the shipment. */
            MonetaryValue: string;
            /** @description The sub-type of Itemized Charge type. */
            SubType?: string;
        };
        NegotiatedRateCharges_TaxCharges: {
            /** @description Tax Type code. The code represents the type of Tax applied to a shipment. Please refer to Appendix I for possible Tax Type codes. */
            Type: string;
            /** @description Tax Monetary Value represent the Tax amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        /** @description Total Charges Container. */
        NegotiatedRateCharges_TotalCharge: {
            /** @description The IATA currency code associated with the Negotiated Rate total charges for the shipment. */
            CurrencyCode: string;
            /** @description The value for the Negotiated Rate total charges associated with the shipment. */
            MonetaryValue: string;
        };
        /** @description The IATA currency code associated with the Negotiated Rate total charges for the shipment. */
        TotalCharge_CurrencyCode: string;
        /** @description The value for the Negotiated Rate total charges associated with the shipment. */
        TotalCharge_MonetaryValue: string;
        /** @description TotalChargesWithTaxes container would be returned only if TaxInformationIndicator is present in request. TotalChargesWithTaxes contains total charges including total taxes applied to a shipment. */
        NegotiatedRateCharges_TotalChargesWithTaxes: {
            /** @description TotalChargesWithTaxes currency code type. The currency code used in the Shipment request is returned. */
            CurrencyCode: string;
            /** @description TotalChargesWithTaxes monetary value amount.  Valid values are from 0 to 99999999999999.99 */
            MonetaryValue: string;
        };
        RatedShipment_RatedPackage: {
            BaseServiceCharge?: components["schemas"]["RatedPackage_BaseServiceCharge"];
            TransportationCharges?: components["schemas"]["RatedPackage_TransportationCharges"];
            ServiceOptionsCharges?: components["schemas"]["RatedPackage_ServiceOptionsCharges"];
            TotalCharges?: components["schemas"]["RatedPackage_TotalCharges"];
            /** @description The weight of the package in the rated Package. */
            Weight?: string;
            BillingWeight?: components["schemas"]["RatedPackage_BillingWeight"];
            /**
             * @description The container for Accessorial indicators. This information would be returned only if ItemizedChargesRequested was present during Rate request. This is valid only for UPS Worldwide Express Freight and UPS Worldwide Express Freight Mid-day service request with Dry Ice or Oversize Pallet and SubVersion greater than or equal to 1707.  This is valid only for UPS Worldwide Express Freight and UPS Worldwide Express Freight Middday Service.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            Accessorial?: components["schemas"]["RatedPackage_Accessorial"][];
            /**
             * @description Itemized Charges are returned only when the subversion element is present and greater than or equal to '1607'.  These charges would be returned only when subversion is greater than or equal to 1607.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ItemizedCharges?: components["schemas"]["RatedPackage_ItemizedCharges"][];
            NegotiatedCharges?: components["schemas"]["RatedPackage_NegotiatedCharges"];
            SimpleRate?: components["schemas"]["RatedPackage_SimpleRate"];
            /**
             * @description Container for returned Rate Modifier information. Applies only if SubVersion is 2205 or greater.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            RateModifier?: components["schemas"]["RatedPackage_RateModifier"][];
        };
        /** @description Transportation Charges Container. */
        RatedPackage_TransportationCharges: {
            /** @description The IATA currency code associated with the transportation costs for the package. */
            CurrencyCode: string;
            /** @description The value for the transportation costs associated with the package. */
            MonetaryValue: string;
        };
        /** @description Service Options Charges Container. */
        RatedPackage_ServiceOptionsCharges: {
            /** @description The IATA currency code associated with the accessorial charges for the package. */
            CurrencyCode: string;
            /** @description The value for the accessorial charges associated with the package. */
            MonetaryValue: string;
        };
        /** @description Total Charges Container. */
        RatedPackage_TotalCharges: {
            /** @description The IATA currency code associated with the total charges for the package. */
            CurrencyCode: string;
            /** @description The value for the total charges associated with the package. */
            MonetaryValue: string;
        };
        /** @description The weight of the package in the rated Package. */
        RatedPackage_Weight: string;
        /** @description Billing Weight Container. */
        RatedPackage_BillingWeight: {
            UnitOfMeasurement: components["schemas"]["RatedPackage_BillingWeight_UnitOfMeasurement"];
            /** @description The value for the billable weight associated with the package.  When using a negotiated divisor different from the published UPS divisor (139 for inches and 5,000 for cm), the weight returned is based on the published divisor. Rates, however, are based on the negotiated divisor. */
            Weight: string;
        };
        /** @description Unit Of Measurement Container. */
        RatedPackage_BillingWeight_UnitOfMeasurement: {
            /** @description The code associated with the unit of measure for the billable weight of a package. */
            Code: string;
            /** @description The Description for the Unit Of Measurement. */
            Description: string;
        };
        RatedPackage_Accessorial: {
            /** @description Code for Accessorial Indicator. */
            Code: string;
            /** @description Description for Accessorial Indicator. */
            Description?: string;
        };
        /** @description Code for Accessorial Indicator. */
        Accessorial_Code: string;
        /** @description Description for Accessorial Indicator. */
        Accessorial_Description: string;
        RatedPackage_ItemizedCharges: {
            /** @description Identification code for itemized charge. */
            Code: string;
            /** @description Description of Itemized Charge that had been charged. */
            Description?: string;
            /** @description The IATA currency code associated with the Itemized Charge costs for the shipment. */
            CurrencyCode: string;
            /** @description The value for Itemized Charge costs associated with the shipment. */
            MonetaryValue: string;
            /** @description The sub-type of Itemized Charge type. */
            SubType?: string;
        };
        RatedPackage_RateModifier: {
            /** @description Rate Modifier Type. Example: "ORM". Applies only if SubVersion is 2205 or greater. */
            ModifierType: string;
            /** @description Rate Modifier Description. Example: "Origin Modifier". Applies only if SubVersion is 2205 or greater. */
            ModifierDesc: string;
            /** @description Amount. Example: "-1.00","0.25". It contains positive or negative values. Applies only if SubVersion is 2205 or greater. */
            Amount: string;
        };
        /** @description Negotiated Rates container.  These charges would be returned only when -1) subversion is greater than or equal to 16072) if negotiated rates were requested for GFP shipments and account number is eligible to receive negotiated rates. */
        RatedPackage_NegotiatedCharges: {
            /**
             * @description RateModifier inside Negotiated charges container to hold Modifier charges at package level
             *
             *     **Note:** Applies only if SubVersion is 2407 and greater (Rate OAuth)
             */
            RateModifier?: components["schemas"]["NegotiatedCharges_RateModifier"][];
            /**
             * @description Negotiated Itemized Accessorial and Sur Charges.  These charges would be returned only when subversion is greater than or equal to 1607.
             *
             *     **NOTE:** For versions >= v2403, this element will always be returned as an array. For requests using versions < v2403, this element will be returned as an array if there is more than one object and a single object if there is only 1.
             */
            ItemizedCharges?: components["schemas"]["NegotiatedCharges_ItemizedCharges"][];
        };
        NegotiatedCharges_RateModifier: {
            /** @description Rate Modifier Type. Example- "ORM". */
            ModifierType: string;
            /** @description Rate Modifier Description. Example- "Origin Modifier". */
            ModifierDesc: string;
            /** @description Amount. Example- "-1.00","0.25" It contains positive or negative values. */
            Amount: string;
        };
        NegotiatedCharges_ItemizedCharges: {
            /** @description Identification code for itemized charge. */
            Code: string;
            /** @description Description of Itemized Charge that had been charged. */
            Description?: string;
            /** @description The IATA currency code associated with the Itemized Charge costs for the shipment. */
            CurrencyCode: string;
            /** @description The value for Itemized Charge costs associated with the shipment. */
            MonetaryValue: string;
            /** @description The sub-type of Itemized Charge type. */
            SubType?: string;
        };
        /** @description SimpleRate will be returned if Simple Rate  present in request */
        RatedPackage_SimpleRate: {
            /**
             * @description Simple Rate Code
             *     - XS =  Extra Small
             *     - S =  Small
             *     - M = Medium
             *     - L = Large
             *     - XL = Extra Large
             */
            Code: string;
        };
        /** @description Container for returned Time in Transit information.  Will only be returned if request option was either "ratetimeintransit" or "shoptimeintransit" and DeliveryTimeInformation container was present in request. */
        RatedShipment_TimeInTransit: {
            /** @description The date the user requests UPS to pickup the package from the origin. Format: YYYYMMDD. In the event this Pickup date differs from the Pickup date in the Estimated Arrival Container, a warning will be returned.  In the event this Pickup date differs from the Pickup date in the Estimated Arrival Container, a warning will be returned. */
            PickupDate: string;
            /** @description If the indicator is present then the shipment was processed as Document Only. */
            DocumentsOnlyIndicator?: string;
            /** @description Package bill type for the shipment. Valid values:02 - Document only 03 - Non-Document04 - Pallet */
            PackageBillType?: string;
            ServiceSummary: components["schemas"]["TimeInTransit_ServiceSummary"];
            /** @description Required output for International requests. If Documents indicator is set for Non-document a duty is automatically calculated. The possible values to be returned are: 01 - Dutiable02 - Non-Dutiable03 - Low-value04 - Courier Remission05 - Gift06 - Military07 - Exception08 - Line Release09 - Section 321 low value. */
            AutoDutyCode?: string;
            /** @description The Disclaimer is provided based upon the origin and destination country or territory codes provided in the request document. The possible disclaimers that can be returned are available in the Service Guaranteed Disclaimers table. */
            Disclaimer?: string;
        };
        /** @description Container for all available service information. */
        TimeInTransit_ServiceSummary: {
            Service: components["schemas"]["ServiceSummary_Service"];
            /** @description Empty Tag. Indicates whether the service will be guaranteed or not.  Required for International Requests. */
            GuaranteedIndicator?: string;
            /** @description The Disclaimer is provided based upon the origin and destination country or territory codes provided in the request document. The disclaimer is returned as a conditional statement to the validity of the service being guaranteed. The possible disclaimers that can be returned are available in the Service Guaranteed Disclaimers table. */
            Disclaimer?: string;
            EstimatedArrival: components["schemas"]["ServiceSummary_EstimatedArrival"];
            /** @description Saturday delivery information for a service. Values are1 - Saturday Delivery Available with additional charges 0 - Saturday Delivery not available or no additional charge, please check Delivery Date to confirm if the Delivery will be SaturdayPlease see Saturday Delivery business rules section for more information. */
            SaturdayDelivery?: string;
            /** @description Saturday delivery disclaimer message. */
            SaturdayDeliveryDisclaimer?: string;
            /** @description Sunday delivery information for a service. Values are1 - Sunday Delivery Available with additional charges 0 - Sunday Delivery not available or no additional charge, please check Delivery Date to confirm if the Delivery will be SundayPlease see Saturday Delivery business rules section for more information.  Applies only if SubVersion is greater than or equal to 2007 */
            SundayDelivery?: string;
            /** @description Sunday delivery disclaimer message.  Applies only if SubVersion is greater than or equal to 2007 */
            SundayDeliveryDisclaimer?: string;
        };
        /** @description Container for the the UPS service selected for a shipment. */
        ServiceSummary_Service: {
            /** @description Optional. Description of service. Example, UPS Next Day Air, UPS Ground etc, as referenced by the Service Code. */
            Description?: string;
        };
        /** @description Container for the Time-In-Transit arrival information by service */
        ServiceSummary_EstimatedArrival: {
            Arrival: components["schemas"]["EstimatedArrival_Arrival"];
            /** @description Number of business days from Origin to Destination Locations. */
            BusinessDaysInTransit: string;
            Pickup: components["schemas"]["EstimatedArrival_Pickup"];
            /** @description Day of week for arrival. Valid values are: MONTUEWEDTHUFRISAT */
            DayOfWeek: string;
            /** @description Customer Service call time. Returned for domestic as well as international requests. */
            CustomerCenterCutoff?: string;
            /** @description Number of days delayed at customs. Returned for International requests. */
            DelayCount?: string;
            /** @description Number of National holidays during transit. Returned for International requests. */
            HolidayCount?: string;
            /** @description Number of rest days, i.e. non movement. Returned for International requests. */
            RestDays?: string;
            /** @description The total number of days in transit from one location to the next. Returned for International requests. */
            TotalTransitDays?: string;
        };
        /** @description Container for the Time-In-Transit arrival information by service. This is the most accurate delivery information available via the Rating API and will reflect changes in delivery schedules due to peak business seasons or holidays. */
        EstimatedArrival_Arrival: {
            /** @description Scheduled Local Delivery Date. Format: YYYYMMDD */
            Date: string;
            /** @description The time UPS will pick up the shipment. This is commit Time. Military Time Format HHMMSS or HHMM */
            Time?: string;
        };
        /** @description The date and pick up time container. */
        EstimatedArrival_Pickup: {
            /** @description The date UPS picks up the package from the origin. Format: YYYYMMDD. In the event the Pickup date differs from the Ship On Date, provided in the request, a warning message will be returned. */
            Date: string;
            /** @description The time UPS will pick up the shipment. Military Time Format HHMMSS or HHMM */
            Time?: string;
        };
        /** @description Guaranteed Delivery Container. */
        RatedShipment_GuaranteedDelivery: {
            /** @description The rated shipments guaranteed delivery date. Denotes UPS published guarantee times. (i.e. 3DaySelect = 3) */
            BusinessDaysInTransit?: string;
            /** @description The rated shipments committed delivery time. */
            DeliveryByTime?: string;
            /** @description The rated shipments scheduled delivery date. */
            ScheduledDeliveryDate?: string;
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
    Rate: {
        parameters: {
            query?: {
                /** @description Valid Values: timeintransit = The server rates with transit time information combined with requestoption in URL.Rate is the only valid request option for Ground Freight Pricing requests. Length 15 */
                additionalinfo?: string;
            };
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description Indicates Rate API to display the new release features in Rate API response based on Rate release. See the New section for the latest Rate release.
                 *
                 *     Valid values:
                 *     - v2409
                 */
                version: string;
                /**
                 * @description Valid Values:
                 *     - Rate = The server rates (The default Request option is Rate if a Request Option is not provided).
                 *     - Shop = The server validates the shipment, and returns rates for all UPS products from the ShipFrom to the ShipTo addresses.
                 *     - Ratetimeintransit = The server rates with transit time information
                 *     - Shoptimeintransit = The server validates the shipment, and returns rates and transit times for all UPS products from the ShipFrom to the ShipTo addresses.
                 *
                 *     Rate is the only valid request option for UPS Ground Freight Pricing requests.
                 */
                requestoption: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RATERequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RATEResponseWrapper"];
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
    "Deprecated Rate": {
        parameters: {
            query?: {
                /** @description Valid Values: timeintransit = The server rates with transit time information combined with requestoption in URL.Rate is the only valid request option for Ground Freight Pricing requests. Length 15 */
                additionalinfo?: string;
            };
            header?: {
                /** @description An identifier unique to the request. Length 32 */
                transId?: string;
                /** @description An identifier of the client/source application that is making the request.Length 512 */
                transactionSrc?: string;
            };
            path: {
                /**
                 * @description Indicates Rate API to display the new release features in Rate API response based on Rate release. See the New section for the latest Rate release.
                 *
                 *     Valid values:
                 *     - v1
                 *     - v1601
                 *     - v1607
                 *     - 1701
                 *     - 1707
                 *     - v2108
                 *     - v2205
                 */
                deprecatedVersion: string;
                /**
                 * @description Valid Values:
                 *     - Rate = The server rates (The default Request option is Rate if a Request Option is not provided).
                 *     - Shop = The server validates the shipment, and returns rates for all UPS products from the ShipFrom to the ShipTo addresses.
                 *     - Ratetimeintransit = The server rates with transit time information
                 *     - Shoptimeintransit = The server validates the shipment, and returns rates and transit times for all UPS products from the ShipFrom to the ShipTo addresses.
                 *
                 *     Rate is the only valid request option for UPS Ground Freight Pricing requests.
                 */
                requestoption: string;
            };
            cookie?: never;
        };
        /** @description Generate sample code for popular API requests by selecting an example below. To view a full sample request and response, first click "Authorize" and enter your application credentials, then populate the required parameters above and click "Try it out". */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RATERequestWrapper"];
            };
        };
        responses: {
            /** @description successful operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RATEResponseWrapper"];
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

/**
 * aws-sdk-client-mock on the service's DynamoDB client (shared/aws/dynamodb.ts).
 * The library stubs any class's `send` and matches a call by the command's
 * class and input, so it mocks the light client as it mocked the SDK's; the
 * casts only lend it the SDK's types for `.on(GetCommand, ...)`.
 */
import type * as Sdk from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import * as Dynamo from '../../shared/aws/dynamodb';

export const mockDynamo = () => mockClient(Dynamo.DynamoClient as unknown as typeof Sdk.DynamoDBDocumentClient);

export const GetCommand = Dynamo.GetCommand as unknown as typeof Sdk.GetCommand;
export const QueryCommand = Dynamo.QueryCommand as unknown as typeof Sdk.QueryCommand;

/**
 * The stateful half of a stage: the single table and the label bucket
 * (docs/architecture.md). Kept apart from the functions and the API so that
 * retention rules live in one construct: production retains both.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tableDefinition } from '../shared/store/table';
import type { StageConfig } from './stages';

export type StorageProps = { stage: StageConfig };

export class Storage extends Construct {
  readonly table: Table;
  readonly labelBucket: Bucket;
  /** Destination of the label bucket's server access logs. */
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string, { stage }: StorageProps) {
    super(scope, id);
    const removalPolicy = stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The notify function reads status changes from the stream (docs/decisions.md).
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      deletionProtection: stage.retainData,
      removalPolicy,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        ...(index.sortKey ? { sortKey: { name: index.sortKey, type: AttributeType.STRING } } : {}),
        projectionType: ProjectionType[index.projection],
      });
    }

    const privateBucket = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy,
      // A dev stage must be destroyable with its files; production keeps them.
      autoDeleteObjects: !stage.retainData,
    };
    this.accessLogsBucket = new Bucket(this, 'AccessLogsBucket', {
      ...privateBucket,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetentionDays) }],
    });
    this.labelBucket = new Bucket(this, 'LabelBucket', {
      ...privateBucket,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'label-bucket/',
    });
  }
}

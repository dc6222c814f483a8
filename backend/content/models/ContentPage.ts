import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { Lang } from '../../../common/api';
import type { ContentPageKey } from '../../../common/content';

/** One content page in one language (table `content_pages`, migration 0027): Markdown and its head texts. */
export class ContentPage extends Model<InferAttributes<ContentPage>, InferCreationAttributes<ContentPage>> {
  declare id: CreationOptional<number>;
  declare key: ContentPageKey;
  declare lang: Lang;
  declare title: string;
  declare description: string;
  /** Markdown (rendered by common/markdown.ts). The terms page keeps its body in `terms_versions`. */
  declare body: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** One version of the terms of use (table `terms_versions`): both languages, in force from `publishedAt`. */
export class TermsVersion extends Model<InferAttributes<TermsVersion>, InferCreationAttributes<TermsVersion>> {
  declare id: CreationOptional<number>;
  declare version: number;
  declare bodyRu: string;
  declare bodyEn: string;
  declare publishedAt: Date;
  declare createdById: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** MEDIUMTEXT on MySQL (bodies up to BODY_MAX characters pass TEXT's 64 KB); SQLite has one TEXT. */
export function longText(sequelize: Pick<Sequelize, 'getDialect'>) {
  return sequelize.getDialect() === 'sqlite' ? DataTypes.TEXT : DataTypes.TEXT('medium');
}

export function initContent(sequelize: Sequelize): { ContentPage: typeof ContentPage; TermsVersion: typeof TermsVersion } {
  class BoundContentPage extends ContentPage {}
  BoundContentPage.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      key: { type: DataTypes.STRING(32), allowNull: false },
      lang: { type: DataTypes.STRING(2), allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
      description: { type: DataTypes.STRING(300), allowNull: false },
      body: { type: longText(sequelize), allowNull: false },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'ContentPage', tableName: 'content_pages' },
  );
  class BoundTermsVersion extends TermsVersion {}
  BoundTermsVersion.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      version: { type: DataTypes.INTEGER, allowNull: false, unique: true },
      bodyRu: { type: longText(sequelize), allowNull: false },
      bodyEn: { type: longText(sequelize), allowNull: false },
      publishedAt: { type: DataTypes.DATE, allowNull: false },
      createdById: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'TermsVersion', tableName: 'terms_versions' },
  );
  return { ContentPage: BoundContentPage, TermsVersion: BoundTermsVersion };
}

import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { BLOG_STATUSES, type BlogStatus } from '../../../common/blog';

/** One blog post with both language versions (table `blog_posts`, migration 0028). */
export class BlogPost extends Model<InferAttributes<BlogPost>, InferCreationAttributes<BlogPost>> {
  declare id: CreationOptional<number>;
  declare slug: string;
  declare status: BlogStatus;
  declare publishedAt: Date | null;
  declare titleRu: string;
  declare titleEn: string;
  declare descriptionRu: string;
  declare descriptionEn: string;
  declare bodyRu: string;
  declare bodyEn: string;
  /** `blog/<32 hex>.<jpg|png>` under the upload directory, or null. */
  declare imageKey: string | null;
  declare imageAltRu: string;
  declare imageAltEn: string;
  declare createdById: number | null;
  declare updatedById: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initBlogPost(sequelize: Sequelize): typeof BlogPost {
  class BoundBlogPost extends BlogPost {}
  BoundBlogPost.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      slug: { type: DataTypes.STRING(100), allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...BLOG_STATUSES]] } },
      publishedAt: { type: DataTypes.DATE, allowNull: true },
      titleRu: { type: DataTypes.STRING(200), allowNull: false },
      titleEn: { type: DataTypes.STRING(200), allowNull: false },
      descriptionRu: { type: DataTypes.STRING(300), allowNull: false },
      descriptionEn: { type: DataTypes.STRING(300), allowNull: false },
      bodyRu: { type: DataTypes.TEXT, allowNull: false },
      bodyEn: { type: DataTypes.TEXT, allowNull: false },
      imageKey: { type: DataTypes.STRING(64), allowNull: true },
      imageAltRu: { type: DataTypes.STRING(200), allowNull: false },
      imageAltEn: { type: DataTypes.STRING(200), allowNull: false },
      createdById: { type: DataTypes.INTEGER, allowNull: true },
      updatedById: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'BlogPost', tableName: 'blog_posts' },
  );
  return BoundBlogPost;
}

/**
 * Start-up step of the web role (after migrations): the first posts of db/seeders/blog-posts.ts,
 * once per database. A `settings` row (`blog.seeded`) marks it done, so posts staff delete are not
 * seeded again; concurrent starts race on that row's primary key and one of them writes.
 */
import { UniqueConstraintError, type Sequelize } from 'sequelize';
import { SEED_BLOG_POSTS } from '../../db/seeders/blog-posts';
import { initModels } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import type { Logger } from '../platform/logger';

export const BLOG_SEEDED_SETTING = 'blog.seeded';

export async function seedBlogOnStart(deps: { sequelize: Sequelize; logger: Logger }): Promise<boolean> {
  const { BlogPost, Setting } = initModels(deps.sequelize);
  try {
    const seeded = await writeTransaction(deps.sequelize, async (transaction) => {
      if (await Setting.findByPk(BLOG_SEEDED_SETTING, { transaction })) return false;
      await Setting.create({ key: BLOG_SEEDED_SETTING, value: JSON.stringify(true) }, { transaction });
      const taken = new Set((await BlogPost.findAll({ attributes: ['slug'], transaction })).map((post) => post.slug));
      for (const post of SEED_BLOG_POSTS) {
        if (taken.has(post.slug)) continue;
        await BlogPost.create(
          {
            slug: post.slug,
            status: 'published',
            publishedAt: new Date(post.publishedAt),
            titleRu: post.ru.title,
            titleEn: post.en.title,
            descriptionRu: post.ru.description,
            descriptionEn: post.en.description,
            bodyRu: post.ru.body,
            bodyEn: post.en.body,
            imageKey: null,
            imageAltRu: '',
            imageAltEn: '',
            createdById: null,
            updatedById: null,
          },
          { transaction },
        );
      }
      return true;
    });
    if (seeded) deps.logger.info({ posts: SEED_BLOG_POSTS.length }, 'blog posts seeded');
    return seeded;
  } catch (error) {
    // Another process seeded at the same moment.
    if (error instanceof UniqueConstraintError) return false;
    throw error;
  }
}

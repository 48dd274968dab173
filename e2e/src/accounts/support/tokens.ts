// The one test-only reach into the gateway's database: making a verification link expire now instead of
// waiting 24 hours. Collection and field names are the gateway's (services/gateway/src/accounts).
import { MongoClient } from 'mongodb';
import { mongoUri } from './environment';

export async function expireVerificationLink(email: string): Promise<void> {
  const client = new MongoClient(mongoUri(), { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const db = client.db('gateway');
    const user = await db.collection('users').findOne({ email: email.toLowerCase() });
    if (!user) throw new Error(`no account for ${email}`);
    const result = await db
      .collection('verification_tokens')
      .updateOne(
        { userId: user._id, scope: 'verify' },
        { $set: { expiresAt: new Date(Date.now() - 60_000) } },
      );
    if (result.matchedCount !== 1) throw new Error(`no verification link waiting for ${email}`);
  } finally {
    await client.close();
  }
}

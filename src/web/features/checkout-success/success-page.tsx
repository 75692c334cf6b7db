import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { SUCCESS_PAGE } from '@shared/messages';
import { PageMeta } from '@web/components/page-meta';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';

/** spec 01 §2 /success: in English, as the spec gives it. */
export function SuccessPage() {
  return (
    <>
      <PageMeta title={`${SUCCESS_PAGE.title} | ${BRAND.name}`} />
      <div className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-emerald-50 to-background px-4 py-12">
        <Card lang="en" className="w-full max-w-md p-8 text-center">
          <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100">
            <CheckCircle2 className="size-9 text-success" aria-hidden />
          </span>
          <h1 className="mt-5 text-2xl font-bold text-foreground">{SUCCESS_PAGE.title}</h1>
          <p className="mt-3 text-muted-foreground">{SUCCESS_PAGE.body}</p>
          <Button asChild size="lg" className="mt-8 w-full">
            <Link to={paths.store}>{SUCCESS_PAGE.continueShopping}</Link>
          </Button>
        </Card>
      </div>
    </>
  );
}

/* placeholder until the generator lands (replaced in this session) */
#include <stdio.h>
#include "commands.h"
int cmd_gen(int argc, char **argv)
{
	fprintf(stderr, "osmcloud gen: not built yet\n");
	return 1;
}

/* placeholder until the offline router lands (replaced in this session) */
#include <stdio.h>
#include "commands.h"
int cmd_route(int argc, char **argv)
{
	fprintf(stderr, "osmcloud route: not built yet\n");
	return 1;
}
